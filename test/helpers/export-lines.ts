import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';

/** A unit vector along `axis`. */
export const axisVector = (dims: number, axis: number) => Float32Array.from({length: dims}, (_, index) => (index === axis ? 1 : 0));

export const base64Of = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');

/** An export header for vectors of model `m` with `dims` dimensions. */
export function exportHeader(collection: string, dims: number | null = 4) {
	return {format: 'md-vector-export', version: 1, collection, model_id: dims === null ? null : 'm', dims, chunker_version: chunkerVersion, exported_at: '2026-11-22T00:00:00Z'};
}

/** One exported document with one chunk whose text is `content`, carrying `vector` (base64) when given. */
export function exportDocument(name: string, content: string, vector?: string) {
	return {
		file_name: name, title: name, tags: [], content_hash: `h-${name}`, byte_size: content.length,
		chunks: [{id: `c-${name}`, ordinal: 0, section_title: name, heading_level: 1, heading_path: [name], content, start_line: 1, end_line: 1, tokens: 3, text_hash: `t-${name}`, vector}],
	};
}

/** An embedder for model `m` that answers `query` for every query (the subject is the index, not the model). */
export function fixedEmbedder(query: Float32Array): Embedder {
	return {
		modelId: 'm',
		dims: query.length,
		embedDocuments: async texts => texts.map(() => query),
		embedQuery: async () => query,
		dispose: async () => undefined,
	};
}
