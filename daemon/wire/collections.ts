import type {CollectionEntry, CollectionStats} from '../../common/wire/collections.js';
import type * as Domain from '../engine/engine-types.js';

export function toCollectionEntry(collection: Domain.CollectionSummary): CollectionEntry {
	return {name: collection.name, count: collection.count, documents: collection.documents};
}

/** GET /stats (before its disk_bytes) and the MCP tool stats. */
export function toCollectionStats(stats: Domain.CollectionStats): CollectionStats {
	return {
		collection: stats.collection, documents: stats.documents, chunks: stats.chunks, vectors: stats.vectors, tokens: stats.tokens,
		model: stats.model, dims: stats.dims, chunker_version: stats.chunkerVersion,
		index_vectors: stats.index.vectors, index_kind: stats.index.kind, index_rebuilding: stats.index.rebuilding, vector_fill: stats.vectorFill,
	};
}
