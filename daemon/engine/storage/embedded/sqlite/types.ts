import type {Collection} from '../../types.js';

/** A collection's row in SQLite: with the generation its FAISS index file must match. */
export type CollectionRow = Collection & {
	/** Bumped by every write that changes the collection's vectors. */
	readonly vectorGeneration: number;
};

/** What a write changed, for the in-memory vector index to follow. */
export type VectorChange = {
	readonly removed: readonly number[];
	readonly added: ReadonlyArray<{readonly rowid: number; readonly vector: Float32Array}>;
};
