import {performance} from 'node:perf_hooks';
import type {Embedder} from '../embedder/embedder.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, FieldWeights, Ranked, StoredChunk} from '../storage/types.js';
import {unavailable} from '../errors.js';
import {fuse} from './fusion.js';
import {keywordTerms} from './keyword-query.js';
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
 */
export async function runSearch(context: SearchContext, collections: readonly Collection[], request: SearchRequest): Promise<SearchOutcome> {
	const started = performance.now();
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
	if (mode !== 'keyword' && context.embedder) {
		const {embedder} = context;
		semanticWork = (async () => {
			let at = performance.now();
			const vector = await embedder.embedQuery(request.query);
			timings.embed = performance.now() - at;
			at = performance.now();
			const hits = await unionTopK(collections, depth, async collection => context.storage.vectorTopK(collection, vector, depth, request.filter));
			timings.vector = performance.now() - at;
			return hits;
		})();
	}

	let keyword: Ranked[] = [];
	if (mode !== 'semantic') {
		const at = performance.now();
		const terms = keywordTerms(request.query);
		keyword = await unionTopK(collections, depth, async collection => context.storage.keywordTopK(collection, terms, depth, fieldWeights, request.filter));
		timings.keyword = performance.now() - at;
	}

	const semantic = await semanticWork;
	const ranked = mode === 'hybrid' ? fuse(request.fusion, semantic, keyword) : (mode === 'semantic' ? semantic : keyword);
	const rowids = ranked.map(hit => hit.rowid);
	const chunks = new Map<number, StoredChunk & {collection: string}>();
	for (const [index, found] of (await Promise.all(collections.map(async collection => context.storage.chunks(collection, rowids)))).entries()) {
		for (const [rowid, chunk] of found) {
			chunks.set(rowid, {...chunk, collection: collections[index]!.name});
		}
	}

	const results = toResults(chunks, ranked, request);
	timings.total = performance.now() - started;
	const names = collections.map(collection => collection.name);
	return {results, collection: names.length === 1 ? names[0]! : '*', collections: names, mode: request.mode, ...(notice ? {notice} : {}), timings: round(timings)};
}

function toResults(chunks: ReadonlyMap<number, StoredChunk & {collection: string}>, ranked: readonly Ranked[], request: SearchRequest): SearchHit[] {
	const results: SearchHit[] = [];
	const seenFiles = new Set<string>();
	const seenIds = new Set<string>();
	for (const hit of ranked) {
		const chunk = chunks.get(hit.rowid);
		const file = `${chunk?.collection}\n${chunk?.fileName}`;
		if (!chunk || seenIds.has(chunk.id) || (request.collapse && seenFiles.has(file))) {
			continue;
		}

		seenIds.add(chunk.id);
		seenFiles.add(file);
		results.push({...chunk, score: Number(hit.score.toFixed(6))});
		if (results.length === request.topK) {
			break;
		}
	}

	return results;
}

function round<T extends Record<string, number>>(timings: T): T {
	return Object.fromEntries(Object.entries(timings).map(([key, value]) => [key, Math.round(value * 100) / 100])) as T;
}
