import type {SearchExplain} from '../../common/wire/search.js';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * A hit's ranking in one line (--explain, and the TUI): each ranking's place and own score with its share of
 * the hit's score, e.g. "keyword #2 BM25 4.1200 (38%) · vector #5 cosine 0.6100 (62%) · convex".
 */
export function explainText(explain: SearchExplain): string {
	const fused = explain.fusion !== null;
	const keyword = explain.keyword
		? `keyword #${explain.keyword.rank} BM25 ${explain.keyword.score.toFixed(4)}${fused ? ` (${percent(explain.keyword.share)})` : ''}`
		: (fused ? 'keyword: not found' : undefined); // semantic mode: no keyword ranking ran
	const vector = explain.vector
		? `vector #${explain.vector.rank} cosine ${explain.vector.similarity.toFixed(4)}${fused ? ` (${percent(explain.vector.share)})` : ''}`
		: (fused ? 'vector: not found' : undefined);
	return [keyword, vector, explain.fusion ?? undefined].filter(Boolean).join(' · ');
}
