import {performance} from 'node:perf_hooks';
import {EmbedderOutage, type Embedder} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, FieldWeights, Ranked} from '../storage/types.js';
import {invalidInput, unavailable} from '../errors.js';
import {parseQuery, queryProblem} from '../../../common/query-syntax.js';
import {keywordTerms} from '../../../common/text/keyword-query.js';
import {ChunkReader, checkedTopK, type FoundChunk} from './candidates.js';
import {explainer, type HitExplain} from './explain.js';
import {demote, fuse} from './fusion.js';
import {isBoilerplate} from './boilerplate.js';
import {queryFilter} from './query-filter.js';
import type {SearchHit, SearchOutcome, SearchRequest} from './types.js';

/** Column weights of BM25: document title, section headings, body. */
const fieldWeights: FieldWeights = [2, 1.5, 1];

export type SearchContext = {
	readonly storage: Storage;
	readonly embedder: Embedder | undefined;
	/** Why there is no embedder, for the error or notice. */
	readonly embedderProblem: string;
};

/** The best `depth` of per-collection rankings: one ranking over their union, since scores compare (storage.ts). */
async function unionTopK(collections: readonly Collection[], depth: number, rank: (collection: Collection) => Promise<Ranked[]>): Promise<Ranked[]> {
	if (collections.length === 1) {
		return rank(collections[0]!);
	}

	const lists = await Promise.all(collections.map(async collection => rank(collection)));
	return lists.flat().sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, depth);
}

/**
 * One search over one or several collections. Several are one ranking over their union: cosine similarity
 * and BM25 (store-wide statistics) compare across collections, so the union's top k is the merge of each one's
 * top k by score, and fusion then runs once over the union's two lists: a rank means the same everywhere.
 * A query's phrases and exclusions (common/query-syntax.ts) are checked on each list's candidates before fusion,
 * fetching more of them to keep the list full; the vector side embeds the query without its operators.
 */
export async function runSearch(context: SearchContext, collections: readonly Collection[], request: SearchRequest): Promise<SearchOutcome> {
	const started = performance.now();
	const problem = queryProblem(request.query);
	if (problem) {
		throw invalidInput(`query: ${problem}`);
	}

	const parsed = parseQuery(request.query);
	const check = queryFilter(parsed);
	const reader = new ChunkReader(context.storage, collections);
	const timings = {embed: 0, vector: 0, keyword: 0, total: 0};
	// Fusion and collapsing need more candidates than they return.
	const depth = request.mode === 'hybrid' || request.collapse ? Math.max(request.topK * 3, 50) : request.topK;
	let notice: string | undefined;
	let {mode} = request;
	if (mode !== 'keyword' && !context.embedder) {
		if (mode === 'semantic') {
			throw unavailable(`semantic search needs the embedding model: ${context.embedderProblem}. Keyword search still works (mode: keyword).`);
		}

		mode = 'keyword';
		notice = `hybrid search fell back to keyword: ${context.embedderProblem}`;
	}

	// The query embedding (ONNX Runtime's threads) and vector top-k (the embedded backend's index thread) run while BM25 runs.
	let semanticWork: Promise<Ranked[]> = Promise.resolve([]);
	let outage: string | undefined;
	if (mode !== 'keyword' && context.embedder) {
		const {embedder} = context;
		semanticWork = (async () => {
			let at = performance.now();
			let vector: Float32Array;
			try {
				vector = await embedder.embedQuery(parsed.text);
			} catch (error) {
				if (!(error instanceof EmbedderOutage)) {
					throw error;
				}

				outage = error.message; // a model server went away: as without a model (below)
				return [];
			}

			timings.embed = performance.now() - at;
			at = performance.now();
			const hits = await checkedTopK(async limit => unionTopK(collections, limit, async collection => context.storage.vectorTopK(collection, vector, limit, request.filter)), depth, check, reader);
			timings.vector = performance.now() - at;
			return hits;
		})();
	}

	let keyword: Ranked[] = [];
	if (mode !== 'semantic') {
		const at = performance.now();
		const terms = keywordTerms(parsed.text);
		keyword = await checkedTopK(async limit => unionTopK(collections, limit, async collection => context.storage.keywordTopK(collection, terms, limit, fieldWeights, request.filter)), depth, check, reader);
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
	if (mode === 'hybrid') {
		// Boilerplate (a table of contents, a bare link list, "n/a") matches by its headings or link labels but holds
		// nothing to read: it counts at half in each half before they are fused (bench/RESULTS.md, issue 28).
		const candidates = await reader.read([...semantic, ...keyword].map(hit => hit.rowid));
		const boilerplate = new Set([...candidates].filter(([, chunk]) => isBoilerplate(chunk.content)).map(([rowid]) => rowid));
		[semantic, keyword] = [demote(semantic, boilerplate), demote(keyword, boilerplate)];
		ranked = fuse(request.fusion, semantic, keyword);
	}

	const chunks = await reader.read(ranked.map(hit => hit.rowid));
	const explain = request.explain ? explainer(mode, request.fusion, semantic, keyword) : undefined;
	const results = toResults(chunks, ranked, request, explain);
	timings.total = performance.now() - started;
	const names = collections.map(collection => collection.name);
	return {results, collection: names.length === 1 ? names[0]! : '*', collections: names, mode: request.mode, ...(notice ? {notice} : {}), timings: round(timings)};
}

/** The top k of the fused ranking as hits (one per document with collapse), none below the minimum score. */
function toResults(chunks: ReadonlyMap<number, FoundChunk>, ranked: readonly Ranked[], request: SearchRequest, explain: ((hit: Ranked) => HitExplain) | undefined): SearchHit[] {
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
			break; // best first: every later hit is below it too
		}

		seenIds.add(chunk.id);
		seenFiles.add(file);
		results.push({...chunk, score, ...(explain ? {explain: explain(hit)} : {})});
		if (results.length === request.topK) {
			break;
		}
	}

	return results;
}

function round<T extends Record<string, number>>(timings: T): T {
	return Object.fromEntries(Object.entries(timings).map(([key, value]) => [key, Math.round(value * 100) / 100])) as T;
}
