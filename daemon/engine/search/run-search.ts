import {performance} from 'node:perf_hooks';
import {EmbedderOutage} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, FieldWeights, Ranked} from '../storage/types.js';
import {invalidInput, unavailable} from '../errors.js';
import {parseQuery, queryProblem} from '../../../common/query-syntax.js';
import {keywordTerms} from '../../../common/text/keyword-query.js';
import type {ChunkFilter} from '../storage/document-filter.js';
import type {QueryModels} from '../models/collection-models.js';
import {ChunkReader, maxCandidates, type FoundChunk} from './candidates.js';
import {explainer, type HitExplain} from './explain.js';
import {demoteBoilerplate, fuse} from './fusion.js';
import {fusionWeightsOf} from './fusion-weights.js';
import {isBoilerplate} from './boilerplate.js';
import {textScope} from './query-filter.js';
import {noTermsNotice} from './no-terms.js';
import type {SearchHit, SearchOutcome, SearchRequest} from './types.js';
import {VectorRanking} from './vector-ranking.js';

/** Column weights of BM25: document title, section headings, body. */
const fieldWeights: FieldWeights = [2, 1.5, 1];

export type SearchContext = {
	readonly storage: Storage;
	/** Each collection's query model (its own: collections may hold vectors of different models), and why some have none. */
	readonly models: QueryModels;
};

/** How deep a search's candidate lists go, and its query's vectors once made: a collapsed search that came up short goes deeper. */
type Deeper = {readonly depth: number; readonly vectors?: VectorRanking; readonly started: number};

/**
 * One search over one or several collections. Several are one ranking over their union: cosine similarities of
 * one model compare across collections (the union's vector top k is the merge of each one's by score; collections
 * of different models: vector-ranking.ts), BM25 ranks the union with its own statistics (one storage call), and
 * fusion then runs once over the union's two lists: a rank means the same everywhere. A query's phrases and
 * exclusions (common/query-syntax.ts) go down into both top-k calls with the filter, answered there from an index
 * (storage/document-filter.ts); the vector side embeds the query without its operators. The two halves run side
 * by side: the query's embedding is sent first, BM25 runs meanwhile.
 * Collapsed (one hit per document, as `search -l` asks), a search whose candidates held fewer than top-k documents
 * runs again 4 times as deep while there may be more: `-l -k 10` lists 10 files when 10 match, as `rg -l` does.
 */
export async function runSearch(context: SearchContext, collections: readonly Collection[], request: SearchRequest, deeper?: Deeper): Promise<SearchOutcome> {
	const started = deeper?.started ?? performance.now();
	const problem = queryProblem(request.query);
	if (problem) {
		throw invalidInput(`query: ${problem}`);
	}

	const parsed = parseQuery(request.query);
	const text = textScope(parsed);
	const filter: ChunkFilter | undefined = text ? {...request.filter, text} : request.filter;
	const reader = new ChunkReader(context.storage, collections);
	const timings = {embed: 0, vector: 0, keyword: 0, total: 0};
	// Fusion and collapsing need more candidates than they return.
	const depth = deeper?.depth ?? (request.mode === 'hybrid' || request.collapse ? Math.max(request.topK * 3, 50) : request.topK);
	let queryVectors = deeper?.vectors;
	let notice: string | undefined;
	let {mode} = request;
	const {embedders, problems} = context.models;
	const missing = problems.join('; ');
	if (mode !== 'keyword' && embedders.size === 0) {
		if (mode === 'semantic') {
			throw unavailable(`semantic search needs the embedding model: ${missing}. Keyword search still works (mode: keyword).`);
		}

		mode = 'keyword';
		notice = `hybrid search fell back to keyword: ${missing}`;
	} else if (mode !== 'keyword' && problems.length > 0) {
		notice = `semantic ranking left out what has no model: ${missing}`;
	}

	// The query embedding (ONNX Runtime's threads) and vector top-k (the embedded backend's index thread) run while BM25 runs.
	let semanticWork: Promise<Ranked[]> = Promise.resolve([]);
	let outage: string | undefined;
	if (mode !== 'keyword') {
		// Made once: a deeper run reuses the query's vectors (VectorRanking.embed embeds each model once).
		const vectors = queryVectors ?? new VectorRanking(context.storage, collections, embedders);
		queryVectors = vectors;
		semanticWork = (async () => {
			let at = performance.now();
			try {
				await vectors.embed(parsed.text);
			} catch (error) {
				if (!(error instanceof EmbedderOutage)) {
					throw error;
				}

				outage = error.message; // a model server went away: as without a model (below)
				return [];
			}

			timings.embed = performance.now() - at;
			at = performance.now();
			const hits = await vectors.topK(depth, filter);
			timings.vector = performance.now() - at;
			return hits;
		})();
	}

	let keyword: Ranked[] = [];
	if (mode !== 'semantic') {
		const at = performance.now();
		const terms = keywordTerms(parsed.text);
		if (terms.length === 0 && mode === 'keyword') {
			notice = notice ? `${notice}; ${noTermsNotice(parsed.text)}` : noTermsNotice(parsed.text);
		}

		keyword = await context.storage.keywordTopK(collections, terms, depth, fieldWeights, filter);
		timings.keyword = performance.now() - at;
	}

	let semantic = await semanticWork;
	if (outage !== undefined) {
		if (mode === 'semantic') {
			throw unavailable(`semantic search needs the embedding model: ${outage}. Keyword search still works (mode: keyword).`);
		}

		mode = 'keyword';
		notice = `hybrid search fell back to keyword: ${outage}`;
	}

	let ranked = mode === 'semantic' ? semantic : keyword;
	const weights = fusionWeightsOf([...embedders.values()].map(embedder => embedder.modelId));
	if (mode === 'hybrid') {
		// Boilerplate (a table of contents, a bare link list, "n/a") matches by its headings or link labels but holds
		// nothing to read: it counts at half in each half before they are fused (bench/RESULTS.md, issues 28 and 35).
		const boilerplate = await boilerplateOf([...semantic, ...keyword], reader);
		[semantic, keyword] = demoteBoilerplate(semantic, keyword, boilerplate);
		ranked = fuse(request.fusion, semantic, keyword, weights);
	}

	const chunks = await reader.read(ranked.map(hit => hit.rowid));
	const explain = request.explain ? explainer(mode, request.fusion, semantic, keyword, weights) : undefined;
	const {results, belowMinimum} = toResults(chunks, ranked, request, explain);
	if (request.collapse && results.length < request.topK && !belowMinimum && mayHaveMore(depth, semantic, keyword)) {
		return runSearch(context, collections, request, {depth: Math.min(depth * 4, maxCandidates), vectors: queryVectors, started});
	}

	timings.total = performance.now() - started;
	const names = collections.map(collection => collection.name);
	return {results, collection: names.length === 1 ? names[0]! : '*', collections: names, mode: request.mode, ...(notice ? {notice} : {}), timings: round(timings)};
}

/**
 * The candidates that are boilerplate: as the rankings found them (decided when each chunk was written), the text
 * read only for a chunk stored before that was kept.
 */
async function boilerplateOf(candidates: readonly Ranked[], reader: ChunkReader): Promise<Set<number>> {
	const boilerplate = new Set(candidates.filter(hit => hit.boilerplate).map(hit => hit.rowid));
	const unknown = candidates.filter(hit => hit.boilerplate === undefined).map(hit => hit.rowid);
	if (unknown.length > 0) {
		for (const [rowid, chunk] of await reader.read(unknown)) {
			if (unknown.includes(rowid) && isBoilerplate(chunk.content)) {
				boilerplate.add(rowid);
			}
		}
	}

	return boilerplate;
}

/** Whether a list came back full (it may have more candidates) below the most a search looks at. */
const mayHaveMore = (depth: number, ...lists: ReadonlyArray<readonly Ranked[]>) => depth < maxCandidates && lists.some(list => list.length >= depth);

/** The top k of the fused ranking as hits (one per document with collapse), none below the minimum score (then `belowMinimum`). */
function toResults(chunks: ReadonlyMap<number, FoundChunk>, ranked: readonly Ranked[], request: SearchRequest, explain: ((hit: Ranked) => HitExplain) | undefined): {results: SearchHit[]; belowMinimum: boolean} {
	const results: SearchHit[] = [];
	const seenFiles = new Set<string>();
	const seenIds = new Set<string>();
	for (const hit of ranked) {
		const chunk = chunks.get(hit.rowid);
		const file = `${chunk?.collection}\n${chunk?.fileName}`;
		if (!chunk || seenIds.has(chunk.id) || (request.collapse && seenFiles.has(file))) {
			continue;
		}

		const score = Number(hit.score.toFixed(6));
		if (request.minScore !== undefined && score < request.minScore) {
			return {results, belowMinimum: true}; // best first: every later hit is below it too
		}

		seenIds.add(chunk.id);
		seenFiles.add(file);
		results.push({...chunk, score, ...(explain ? {explain: explain(hit)} : {})});
		if (results.length === request.topK) {
			break;
		}
	}

	return {results, belowMinimum: false};
}

function round<T extends Record<string, number>>(timings: T): T {
	return Object.fromEntries(Object.entries(timings).map(([key, value]) => [key, Math.round(value * 100) / 100])) as T;
}
