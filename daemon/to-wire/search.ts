import type {SearchExplain, SearchResponse, SearchResult} from '../../common/wire/search.js';
import type {HitExplain} from '../engine/search/explain.js';
import type {SearchHit} from '../engine/search/types.js';
import type {SearchAnswer} from '../use-cases/search.js';

type Hit = SearchHit & {readonly changedOnDisk?: boolean | null};

/** A hit as the API returns it: the spec's fields first, in this order, then md-vector's own. */
export function toSearchResult(hit: Hit): SearchResult {
	return {
		id: hit.id,
		content: hit.content,
		source_file: hit.fileName,
		section_title: hit.sectionTitle,
		heading_level: hit.headingLevel,
		score: hit.score,
		heading_path: hit.headingPath,
		start_line: hit.startLine,
		end_line: hit.endLine,
		source_path: hit.sourcePath,
		collection: hit.collection,
		changed_on_disk: hit.changedOnDisk ?? null,
		...(hit.explain ? {explain: toExplain(hit.explain)} : {}),
	};
}

/** A hit's explanation: the vector ranking's score is a similarity. */
export function toExplain(explain: HitExplain): SearchExplain {
	const {keyword, vector, fusion} = explain;
	return {
		keyword,
		vector: vector ? {rank: vector.rank, similarity: vector.score, contribution: vector.contribution, share: vector.share} : null,
		fusion,
	};
}

/** POST /search's answer. */
export function toSearchResponse(answer: SearchAnswer): SearchResponse {
	return {
		results: answer.results.map(hit => toSearchResult(hit)),
		collection: answer.collection,
		collections: answer.collections,
		mode: answer.mode,
		...(answer.notice ? {notice: answer.notice} : {}),
		timings_ms: {embed: answer.timings.embed, vector: answer.timings.vector, keyword: answer.timings.keyword, total: answer.timings.total},
	};
}

/** The MCP tool search's answer: the same hits under the names the tool has always used (file, not source_file). */
export function toToolSearch(answer: SearchAnswer) {
	return {
		collections: answer.collections, mode: answer.mode, ...(answer.notice ? {notice: answer.notice} : {}),
		results: answer.results.map(hit => ({
			collection: hit.collection, file: hit.fileName, source_path: hit.sourcePath, heading_path: hit.headingPath, heading_level: hit.headingLevel,
			section_title: hit.sectionTitle, score: hit.score, start_line: hit.startLine, end_line: hit.endLine, content: hit.content,
			changed_on_disk: hit.changedOnDisk,
			...(hit.explain ? {explain: toExplain(hit.explain)} : {}),
		})),
	};
}
