import path from 'node:path';
import type {Store} from '../store/store.js';
import type {CollectionRow, VectorChange} from '../store/types.js';
import {readIndex, writeIndex} from './index-file.js';
import {VectorIndex} from './vector-index.js';

type Entry = {index: VectorIndex; generation: number; dirty: boolean};

/**
 * One vector index per collection, kept in step with the store: loaded from its file when that file matches
 * the store's generation, rebuilt from the stored vectors otherwise (missing, corrupt, stale after a crash).
 * Files are written after changes settle (persistDelayMs) and on close.
 */
export class CollectionIndexes {
	private readonly entries = new Map<number, Entry>();
	private timer: NodeJS.Timeout | undefined;

	constructor(private readonly store: Store, private readonly directory: string, private readonly persistDelayMs = 2000) {}

	/** The collection's index, or undefined while it has no vectors and no fingerprint. */
	get(collection: CollectionRow): VectorIndex | undefined {
		const cached = this.entries.get(collection.id);
		if (cached) {
			return cached.index;
		}

		const current = this.store.collection(collection.name);
		if (!current?.dims) {
			return undefined;
		}

		const file = this.fileOf(current);
		let index = readIndex(file, current.dims, current.vectorGeneration);
		let dirty = false;
		if (!index) {
			index = new VectorIndex(current.dims);
			const batch: Array<{rowid: number; vector: Float32Array}> = [];
			for (const entry of this.store.vectors(current.id)) {
				batch.push(entry);
				if (batch.length === 10_000) {
					index.add(batch.splice(0));
				}
			}

			index.add(batch);
			dirty = true;
		}

		this.entries.set(current.id, {index, generation: current.vectorGeneration, dirty});
		if (dirty) {
			this.schedulePersist();
		}

		return index;
	}

	/** Applies a committed store change to the in-memory index. */
	apply(collection: CollectionRow, change: VectorChange): void {
		const current = this.store.collection(collection.name)!;
		const cached = this.entries.get(current.id);
		if (!cached) {
			this.get(current); // loads or rebuilds from the store, which already holds the change
			return;
		}

		cached.index.remove(change.removed);
		cached.index.add(change.added);
		cached.generation = current.vectorGeneration;
		cached.dirty = true;
		this.schedulePersist();
	}

	/** Writes every changed index to disk now. */
	persist(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		for (const [id, entry] of this.entries) {
			if (entry.dirty) {
				writeIndex(this.fileOf({id}), entry.index, entry.generation);
				entry.dirty = false;
			}
		}
	}

	close(): void {
		this.persist();
		this.entries.clear();
	}

	private schedulePersist(): void {
		if (!this.timer) {
			this.timer = setTimeout(() => {
				this.timer = undefined;
				this.persist();
			}, this.persistDelayMs);
			this.timer.unref();
		}
	}

	private fileOf(collection: Pick<CollectionRow, 'id'>): string {
		return path.join(this.directory, `collection-${collection.id}`);
	}
}
