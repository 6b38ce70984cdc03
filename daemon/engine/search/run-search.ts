import {performance} from 'node:perf_hooks';
import type {Embedder} from '../embedder/embedder.js';
import type {Store} from '../store/store.js';
import type {CollectionRow, StoredChunk} from '../store/types.js';
import type {Hit} from '../vector-index/collection-indexes.js';
import {unavailable} from '../errors.js';
import {fuse, type Ranked} from './fusion.js';
import {keywordTerms} from './keyword-query.js';
import type {SearchRequest, SearchResponse, SearchResult} from './types.js';

/** Column weights of BM25: document title, section headings, body. */
const fieldWeights = [2, 1.5, 1] as const;

export type SearchContext = {
	readonly store: Store;
	/** Nearest stored vectors of the collection (runs on the index thread). */
	readonly vectorSearch: (query: Float32Array, k: number) => Promise<Hit[]>;
	readonly embedder: Embedder | undefined;
	/** Why there is no embedder, for the error or notice. */
	readonly embedderProblem: string;
};

export async function runSearch(context: SearchContext, collection: CollectionRow, request: SearchRequest): Promise<SearchResponse> {
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

	// The query embedding (ONNX Runtime's threads) and FAISS (the index thread) run while BM25 runs here.
	let semanticWork: Promise<Ranked[]> = Promise.resolve([]);
	if (mode !== 'keyword' && context.embedder) {
		const {embedder} = context;
		semanticWork = (async () => {
			let at = performance.now();
			const vector = await embedder.embedQuery(request.query);
			timings.embed = performance.now() - at;
			at = performance.now();
			const hits = await context.vectorSearch(vector, depth);
			timings.vector = performance.now() - at;
			return hits;
		})();
	}

	let keyword: Ranked[] = [];
	if (mode !== 'semantic') {
		const at = performance.now();
		keyword = context.store.keyword(collection.id, keywordTerms(request.query), depth, fieldWeights);
		timings.keyword = performance.now() - at;
	}

	const semantic = await semanticWork;
	const ranked = mode === 'hybrid' ? fuse(request.fusion, semantic, keyword) : (mode === 'semantic' ? semantic : keyword);
	const results = toResults(context.store, ranked, request);
	timings.total = performance.now() - started;
	return {results, collection: collection.name, mode: request.mode, ...(notice ? {notice} : {}), timings_ms: round(timings)};
}

function toResults(store: Store, ranked: readonly Ranked[], request: SearchRequest): SearchResult[] {
	const chunks = store.chunks(ranked.map(hit => hit.rowid));
	const results: SearchResult[] = [];
	const seenFiles = new Set<string>();
	const seenIds = new Set<string>();
	for (const hit of ranked) {
		const chunk = chunks.get(hit.rowid);
		if (!chunk || seenIds.has(chunk.id) || (request.collapse && seenFiles.has(chunk.fileName))) {
			continue;
		}

		seenIds.add(chunk.id);
		seenFiles.add(chunk.fileName);
		results.push(toResult(chunk, hit.score));
		if (results.length === request.topK) {
			break;
		}
	}

	return results;
}

function toResult(chunk: StoredChunk, score: number): SearchResult {
	return {
		id: chunk.id,
		content: chunk.content,
		source_file: chunk.fileName,
		section_title: chunk.sectionTitle,
		heading_level: chunk.headingLevel,
		score: Number(score.toFixed(6)),
		heading_path: chunk.headingPath,
		start_line: chunk.startLine,
		end_line: chunk.endLine,
		source_path: chunk.sourcePath,
	};
}

function round<T extends Record<string, number>>(timings: T): T {
	return Object.fromEntries(Object.entries(timings).map(([key, value]) => [key, Math.round(value * 100) / 100])) as T;
}
