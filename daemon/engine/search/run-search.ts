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

export async function runSearch(context: SearchContext, collection: Collection, request: SearchRequest): Promise<SearchOutcome> {
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
			const hits = await context.storage.vectorTopK(collection, vector, depth);
			timings.vector = performance.now() - at;
			return hits;
		})();
	}

	let keyword: Ranked[] = [];
	if (mode !== 'semantic') {
		const at = performance.now();
		keyword = await context.storage.keywordTopK(collection, keywordTerms(request.query), depth, fieldWeights);
		timings.keyword = performance.now() - at;
	}

	const semantic = await semanticWork;
	const ranked = mode === 'hybrid' ? fuse(request.fusion, semantic, keyword) : (mode === 'semantic' ? semantic : keyword);
	const results = toResults(await context.storage.chunks(collection, ranked.map(hit => hit.rowid)), ranked, request);
	timings.total = performance.now() - started;
	return {results, collection: collection.name, mode: request.mode, ...(notice ? {notice} : {}), timings: round(timings)};
}

function toResults(chunks: ReadonlyMap<number, StoredChunk>, ranked: readonly Ranked[], request: SearchRequest): SearchHit[] {
	const results: SearchHit[] = [];
	const seenFiles = new Set<string>();
	const seenIds = new Set<string>();
	for (const hit of ranked) {
		const chunk = chunks.get(hit.rowid);
		if (!chunk || seenIds.has(chunk.id) || (request.collapse && seenFiles.has(chunk.fileName))) {
			continue;
		}

		seenIds.add(chunk.id);
		seenFiles.add(chunk.fileName);
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
