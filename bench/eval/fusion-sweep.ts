// Fusion settings measured side by side: the keyword and semantic chunk rankings of every query are fetched once
// (through the API, cut at the depth hybrid search fuses by default: fusion.ts's scaleDepth, 50 a list) and fused
// here with the daemon's own functions at each setting (boilerplate at half, as hybrid does), then cut to one hit
// per document as the daemon does. Settings are chosen on the tune half of the queries; the held-out half shows
// whether the choice carries (query-set.ts).
import {writeFileSync} from 'node:fs';
import type {DaemonClient} from '../../source/client/daemon-client.js';
import type {SearchResult} from '../../source/client/api-types.js';
import {demoteBoilerplate, fuse, fusionParts, reciprocalRankFusion, scaleDepth, type FusionWeights} from '../../daemon/engine/search/fusion.js';
import {isBoilerplate} from '../../daemon/engine/search/boilerplate.js';
import type {Candidate} from '../../daemon/engine/storage/types.js';
import {splitScore, type SplitScores} from './evaluate.js';
import {demoteBefore} from './demote-before.js';
import type {QuerySet} from './query-set.js';

export const rrfKs = [1, 5, 10, 20, 40, 60, 100] as const;
const semanticWeights = [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85] as const;
const trustSteps = [0, 0.05, 0.1, 0.15] as const;
const ranges = [[0.2, 0.8], [0.1, 0.9]] as const;
const boths = [0, 0.25, 0.5, 0.75, 1] as const; // the agreement bonus (fusion.ts bothFound); 1 is CombMNZ's

export type SweepRow = {readonly label: string; readonly weights?: FusionWeights; readonly scores: SplitScores};

/** The label of a convex setting, as the sweep prints it. */
export const weightsLabel = (weights: FusionWeights) => `convex ${weights.semantic} ±${weights.trustStep}/sd in ${weights.range[0]}-${weights.range[1]}, both ×${1 + weights.both}`;

/** Every setting of the grid (and RRF at each k), scored; `current`: the model's weights now, measured the same way. */
export async function sweepFusion(client: DaemonClient, set: QuerySet, collection: string, current: FusionWeights, listsFile?: string): Promise<{current: SweepRow; demotedBefore: SweepRow; halvedAfter: SweepRow; convex: SweepRow[]; rrf: SweepRow[]}> {
	const lists = new Map<string, {semantic: SearchResult[]; keyword: SearchResult[]}>();
	for (const query of set.queries) {
		const [semantic, keyword] = await Promise.all((['semantic', 'keyword'] as const).map(async mode =>
			(await client.search({query: query.text, top_k: scaleDepth, mode, collection})).results));
		lists.set(query.id, {semantic: semantic!, keyword: keyword!});
	}

	if (listsFile) {
		keepLists(listsFile, set, lists);
	}

	// Each query's lists as the fusion functions take them (hits keyed by number), made once for every setting.
	const prepared = [...lists].map(([id, {semantic, keyword}]) => {
		const rowids = new Map<string, number>();
		const files: string[] = [];
		const boilerplate = new Set<number>();
		const ranked = (results: SearchResult[]): Candidate[] => results.map(result => {
			if (!rowids.has(result.id)) {
				rowids.set(result.id, files.length);
				files.push(set.documentId(result.source_file));
				if (isBoilerplate(result.content)) {
					boilerplate.add(files.length - 1);
				}
			}

			return {rowid: rowids.get(result.id)!, score: result.score};
		});
		const [semanticRanked, keywordRanked] = [ranked(semantic), ranked(keyword)];
		return {id, files, boilerplate, semanticRanked, keywordRanked, demoted: demoteBoilerplate(semanticRanked, keywordRanked, boilerplate)};
	});

	/**
	 * Boilerplate at half as the daemon does (demoteBoilerplate), as it did until issue 35 (both scores halved: a
	 * cosine far below the list's floor), or after scaling (what each half adds, halved).
	 */
	type Demoting = 'daemon' | 'before' | 'after scaling';
	const measure = (label: string, fused: (semantic: Candidate[], keyword: Candidate[]) => Candidate[], weights?: FusionWeights, demoting: Demoting = 'daemon'): SweepRow => {
		const rankings = new Map<string, string[]>();
		for (const {id, files, boilerplate, semanticRanked, keywordRanked, demoted} of prepared) {
			const variants: Record<Demoting, () => Candidate[]> = {
				daemon: () => fused(...demoted),
				before: () => fused(demoteBefore(semanticRanked, boilerplate), demoteBefore(keywordRanked, boilerplate)),
				'after scaling': () => halvedAfterScaling(semanticRanked, keywordRanked, boilerplate, weights!),
			};
			const hits = variants[demoting]();
			rankings.set(id, [...new Set(hits.map(hit => files[hit.rowid]!))]);
		}

		return {label, weights, scores: splitScore(set, rankings)};
	};

	const convex = (weights: FusionWeights) => measure(weightsLabel(weights), (semantic, keyword) => fuse('convex', semantic, keyword, weights), weights);
	const grid = semanticWeights.flatMap(semantic => trustSteps.flatMap(trustStep => (trustStep === 0 ? [ranges[0]] : ranges).flatMap(range => boths.map(both => ({semantic, trustStep, range, both})))));
	return {
		current: convex(current),
		demotedBefore: measure(`${weightsLabel(current)}, boilerplate's scores halved`, (semantic, keyword) => fuse('convex', semantic, keyword, current), current, 'before'),
		halvedAfter: measure(`${weightsLabel(current)}, boilerplate's parts halved`, () => [], current, 'after scaling'),
		convex: grid.map(weights => convex(weights)),
		rrf: rrfKs.map(k => measure(`rrf k=${k}`, (semantic, keyword) => reciprocalRankFusion([semantic, keyword], k))),
	};
}

/** Convex fusion with the boilerplate's parts halved after scaling (a variant measured beside the daemon's). */
function halvedAfterScaling(semantic: Candidate[], keyword: Candidate[], boilerplate: ReadonlySet<number>, weights: FusionWeights): Candidate[] {
	const scores = new Map<number, number>();
	for (const parts of fusionParts('convex', semantic, keyword, weights)) {
		for (const [rowid, part] of parts) {
			scores.set(rowid, (scores.get(rowid) ?? 0) + (boilerplate.has(rowid) ? part / 2 : part));
		}
	}

	return [...scores].map(([rowid, score]) => ({rowid, score})).sort((a, b) => b.score - a.score || a.rowid - b.rowid);
}

/**
 * The fetched lists as JSON (per query: its text, judgments and both lists' hits as document id, score and
 * whether boilerplate), so a fusion function can be tried on them offline without a daemon or a model.
 */
function keepLists(file: string, set: QuerySet, lists: ReadonlyMap<string, {semantic: SearchResult[]; keyword: SearchResult[]}>): void {
	const hits = (results: SearchResult[]) => results.map(result => ({id: result.id, document: set.documentId(result.source_file), score: result.score, boilerplate: isBoilerplate(result.content)}));
	const queries = set.queries.map(query => ({
		id: query.id, text: query.text, judged: Object.fromEntries(set.qrels.get(query.id) ?? []),
		semantic: hits(lists.get(query.id)!.semantic), keyword: hits(lists.get(query.id)!.keyword),
	}));
	writeFileSync(file, JSON.stringify({set: set.name, queries}));
	console.log(`kept both lists of every query in ${file}`);
}
