import type {ImportedSource} from './export/import-plan.js';
import type {FillProgress} from './vector-fill.js';
import type {ContentCounts, ModelSwitch, Source, VectorIndexState} from './storage/types.js';
import type {FileOutcome} from './ingest/ingest-outcome.js';

export type {ModelSwitch} from './storage/types.js';

/** The engine's answers (daemon/to-wire/*.ts shapes them for the API and the MCP tools). */

export type IngestResult = {
	readonly chunks: number;
	readonly file: string;
	readonly collection: string;
	/** indexed, or unchanged (skipped by incremental mode). */
	readonly outcome: FileOutcome['status'];
};

export type DeleteResult = {
	readonly file: string;
	readonly collection: string;
	readonly deletedChunks: number;
	/** It was the last document of a collection that follows no folder: the collection is gone too. */
	readonly collectionRemoved: boolean;
	/** The folder source whose file it is (its next sync brings it back), or null. */
	readonly source: string | null;
};

export type CollectionSummary = {
	readonly name: string;
	readonly count: number;
	readonly documents: number;
	/** How many folder sources it has. */
	readonly sources: number;
	/** When the last of its sources' syncs completed; null before any. */
	readonly lastSyncAt: string | null;
};

export type CollectionDeletion = {readonly collection: string; readonly deletedDocuments: number; readonly deletedChunks: number; readonly deletedSources: number};

export type SourceRemoval = {
	readonly collection: string;
	readonly path: string;
	readonly deletedDocuments: number;
	/** The other source's documents lost their label prefix (the collection is back to one source). */
	readonly renamed: ReadonlyArray<{readonly from: string; readonly to: string}>;
	/** Its last source and document went: the collection went too. */
	readonly collectionRemoved: boolean;
};

/** A source with how many documents it holds (GET /collections/{name}/sources, list_sources). */
export type SourceSummary = Source & {readonly documents: number};

export type DocumentSummary = {readonly file: string; readonly chunks: number; readonly contentHash: string};

export type ImportResult = {
	readonly collection: string;
	readonly documents: number;
	readonly chunks: number;
	/** The export's folder sources: the collection's already, or added; and whether each folder is here. */
	readonly sources: readonly ImportedSource[];
	/** Documents of the collection's own source renamed `<label>/<path>`: the import gave it a second source. */
	readonly renamed: number;
};

/** A collection's content counts, fingerprint and vector index. */
export type CollectionStats = ContentCounts & {
	readonly collection: string;
	readonly model: string | null;
	readonly dims: number | null;
	readonly chunkerVersion: number;
	readonly index: VectorIndexState;
	/** While vectors are filled in after a model became available: chunks with a vector so far of all; else null. */
	readonly vectorFill: FillProgress | null;
	/** Its switch to another model under way (its vectors of the target so far, of all chunks); else null. */
	readonly modelSwitch: ModelSwitch | null;
};
