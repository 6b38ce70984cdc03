import type {CollectionDeleted, CollectionEntry, CollectionStats, SourceEntry, SourceRemoved} from '../../common/wire/collections.js';
import type * as Domain from '../engine/engine-answers.js';

export function toCollectionEntry(collection: Domain.CollectionSummary): CollectionEntry {
	return {name: collection.name, count: collection.count, documents: collection.documents, sources: collection.sources, last_sync_at: collection.lastSyncAt};
}

export function toSourceEntry(source: Domain.SourceSummary): SourceEntry {
	return {
		path: source.path, label: source.label, include: source.include, exclude: source.exclude, ignore_files: source.ignoreFiles, hidden: source.hidden,
		watch: source.watch, documents: source.documents, last_sync_at: source.lastSyncAt, last_sync: source.lastSync,
	};
}

export function toCollectionDeleted(deletion: Domain.CollectionDeletion): CollectionDeleted {
	return {status: 'ok', collection: deletion.collection, deleted_documents: deletion.deletedDocuments, deleted_chunks: deletion.deletedChunks, deleted_sources: deletion.deletedSources};
}

export function toSourceRemoved(removal: Domain.SourceRemoval): SourceRemoved {
	return {status: 'ok', collection: removal.collection, path: removal.path, deleted_documents: removal.deletedDocuments, renamed: removal.renamed, collection_removed: removal.collectionRemoved};
}

/** GET /stats (before its disk_bytes) and the MCP tool stats. */
export function toCollectionStats(stats: Domain.CollectionStats): CollectionStats {
	return {
		collection: stats.collection, documents: stats.documents, chunks: stats.chunks, vectors: stats.vectors, tokens: stats.tokens,
		model: stats.model, dims: stats.dims, chunker_version: stats.chunkerVersion,
		index_vectors: stats.index.vectors, index_kind: stats.index.kind, index_rebuilding: stats.index.rebuilding, vector_fill: stats.vectorFill,
		model_switch: stats.modelSwitch ? {to: stats.modelSwitch.target.modelId, dims: stats.modelSwitch.target.dims, done: stats.modelSwitch.done, total: stats.modelSwitch.total, started_at: stats.modelSwitch.startedAt} : null,
	};
}
