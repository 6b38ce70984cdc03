import {performance} from 'node:perf_hooks';
import {EmbedderOutage} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, FieldWeights, Candidate} from '../storage/types.js';
import {invalidInput, unavailable} from '../errors.js';
import {parseQuery, queryProblem} from '../../../common/query-syntax.js';
import {keywordTerms} from '../../../common/text/keyword-query.js';
import type {ChunkFilter} from '../storage/document-filter.js';
import type {QueryModels} from '../models/collection-models.js';
import {ChunkReader, maxCandidates} from './candidates.js';
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
	const filter = withTextScope(request.filter, textScope(parsed));
	const reader = new ChunkReader(context.storage, collections);
	const timings = {embed: 0, vector: 0, keyword: 0, total: 0};
	const depth = deeper?.depth ?? firstDepth(request);
	// Made once: a deeper run reuses the query's vectors.
	const vectors = request.mode === 'keyword' ? undefined : (deeper?.vectors ?? new VectorRanking(context.storage, collections, context.models.embedders));
	let {mode, notice} = modeWithModels(request.mode, context.models);
	// The query embedding (ONNX Runtime's threads) and vector top-k (the embedded backend's index thread) run while BM25 runs.
	const semanticWork = mode === 'keyword' ? Promise.resolve<{hits: Candidate[]; outage?: string}>({hits: []}) : semanticHalf(vectors!, parsed.text, depth, filter, timings);
	let keyword: Candidate[] = [];
	if (mode !== 'semantic') {
		const found = await keywordHalf(context.storage, collections, parsed.text, {depth, filter, alone: mode === 'keyword'}, timings);
		keyword = found.hits;
		reader.remember(keyword);
		notice = [notice, found.notice].filter(Boolean).join('; ') || undefined;
	}

	const {hits, outage} = await semanticWork;
	let semantic = hits;
	if (outage !== undefined) {
		({mode, notice} = withoutModel(mode, outage)); // a model server went away: as without a model
	}

	let ranked = mode === 'semantic' ? semantic : keyword;
	const weights = fusionWeightsOf([...context.models.embedders.values()].map(embedder => embedder.modelId));
	if (mode === 'hybrid') {
		// Boilerplate (a table of contents, a bare link list, "n/a") matches by its headings or link labels but holds
		// nothing to read: it counts at half in each half before they are fused (bench/RESULTS.md, issues 28 and 35).
		const boilerplate = await boilerplateOf([...semantic, ...keyword], reader);
		[semantic, keyword] = demoteBoilerplate(semantic, keyword, boilerplate);
		ranked = fuse(request.fusion, semantic, keyword, weights);
	}

	const explain = request.explain ? explainer(mode, request.fusion, semantic, keyword, weights) : undefined;
	const {results, belowMinimum} = await readResults(reader, ranked, request, explain);
	if (request.collapse && results.length < request.topK && !belowMinimum && mayHaveMore(depth, [semantic, keyword])) {
		return runSearch(context, collections, request, {depth: Math.min(depth * 4, maxCandidates), vectors, started});
	}

	timings.total = performance.now() - started;
	return outcome(collections, request, results, notice, timings);
}

/** Fusion and collapsing need more candidates than they return. */
const firstDepth = (request: SearchRequest) => request.mode === 'hybrid' || request.collapse ? Math.max(request.topK * 3, 50) : request.topK;

/** A query's phrases and exclusions go down with the request's filter. */
const withTextScope = (filter: ChunkFilter | undefined, text: ChunkFilter['text']): ChunkFilter | undefined => text ? {...filter, text} : filter;

function outcome(collections: readonly Collection[], request: SearchRequest, results: SearchHit[], notice: string | undefined, timings: Record<string, number>): SearchOutcome {
	const names = collections.map(collection => collection.name);
	return {results, collection: names.length === 1 ? names[0]! : '*', collections: names, mode: request.mode, ...(notice ? {notice} : {}), timings: round(timings) as SearchOutcome['timings']};
}

/** The mode a search runs in given the models it has, and the notice that says why it differs. */
function modeWithModels(mode: SearchRequest['mode'], {embedders, problems}: QueryModels): {mode: SearchRequest['mode']; notice?: string} {
	const missing = problems.join('; ');
	if (mode === 'keyword') {
		return {mode};
	}

	if (embedders.size === 0) {
		return withoutModel(mode, missing);
	}

	return problems.length > 0 ? {mode, notice: `semantic ranking left out what has no model: ${missing}`} : {mode};
}

/** Without a model: a semantic search is refused, a hybrid one falls back to keyword with a notice. */
function withoutModel(mode: SearchRequest['mode'], why: string): {mode: SearchRequest['mode']; notice?: string} {
	if (mode === 'semantic') {
		throw unavailable(`semantic search needs the embedding model: ${why}. Keyword search still works (mode: keyword).`);
	}

	return mode === 'hybrid' ? {mode: 'keyword', notice: `hybrid search fell back to keyword: ${why}`} : {mode};
}

/** The query's vectors, then the vector top k; a model server that went away is an outage, not an error. */
async function semanticHalf(vectors: VectorRanking, text: string, depth: number, filter: ChunkFilter | undefined, timings: {embed: number; vector: number}): Promise<{hits: Candidate[]; outage?: string}> {
	let at = performance.now();
	try {
		await vectors.embed(text); // made once: a deeper run reuses the query's vectors (embed embeds each model once)
	} catch (error) {
		if (error instanceof EmbedderOutage) {
			return {hits: [], outage: error.message};
		}

		throw error;
	}

	timings.embed = performance.now() - at;
	at = performance.now();
	const hits = await vectors.topK(depth, filter);
	timings.vector = performance.now() - at;
	return {hits};
}

/** BM25's top k; a keyword search of no searchable words says why nothing was found. */
async function keywordHalf(storage: Storage, collections: readonly Collection[], text: string, {depth, filter, alone}: {depth: number; filter: ChunkFilter | undefined; alone: boolean}, timings: {keyword: number}): Promise<{hits: Candidate[]; notice?: string}> {
	const at = performance.now();
	const terms = keywordTerms(text);
	// Alone, its candidates are the hits: read with them where the backend can (one round trip fewer on PostgreSQL).
	const hits = await storage.keywordTopK(collections, terms, depth, fieldWeights, filter, {withChunks: alone});
	timings.keyword = performance.now() - at;
	return terms.length === 0 && alone ? {hits, notice: noTermsNotice(text)} : {hits};
}

/**
 * The candidates that are boilerplate: as the rankings found them (decided when each chunk was written), the text
 * read only for a chunk stored before that was kept.
 */
async function boilerplateOf(candidates: readonly Candidate[], reader: ChunkReader): Promise<Set<number>> {
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
const mayHaveMore = (depth: number, lists: ReadonlyArray<readonly Candidate[]>) => depth < maxCandidates && lists.some(list => list.length >= depth);

/**
 * The top k as hits, reading the ranked chunks a slice at a time: a hybrid ranking holds up to twice the candidate
 * depth (100 chunks for 10 hits), and reading every text only to keep ten made hybrid dearer than its halves.
 * A slice comes up short when chunks were deleted meanwhile or (collapsed) share a document: then 4 times as many.
 */
async function readResults(reader: ChunkReader, ranked: readonly Candidate[], request: SearchRequest, explain: ((hit: Candidate) => HitExplain) | undefined): Promise<{results: SearchHit[]; belowMinimum: boolean}> {
	let size = Math.min(ranked.length, request.collapse ? request.topK * 3 : request.topK + 2);
	for (;;) {
		const shown = ranked.slice(0, size);
		const found = toResults(await reader.read(shown.map(hit => hit.rowid)), shown, request, explain);
		if (found.results.length >= request.topK || found.belowMinimum || size >= ranked.length) {
			return found;
		}

		size = Math.min(ranked.length, size * 4);
	}
}

/** The top k of the fused ranking as hits (one per document with collapse), none below the minimum score (then `belowMinimum`). */
function toResults(chunks: Awaited<ReturnType<ChunkReader['read']>>, ranked: readonly Candidate[], request: SearchRequest, explain: ((hit: Candidate) => HitExplain) | undefined): {results: SearchHit[]; belowMinimum: boolean} {
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
