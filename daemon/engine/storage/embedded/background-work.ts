import path from 'node:path';
import {SerialQueue} from '../../serial-queue.js';
import {KeywordMerges} from './keyword-merges.js';
import {KeywordThreads} from './keyword-threads.js';
import {WalCheckpoints} from './sqlite/wal-checkpoints.js';
import type {Store} from './sqlite/store.js';
import {CollectionIndexes, type IndexOptions} from './vector-index/collection-indexes.js';

/**
 * The embedded store's writes, in turn, and the work beside its own connection: the vector indexes, the keyword
 * threads, the keyword index's merges (each step in turn with the writes) and the write-ahead log's checkpoints.
 */
export class BackgroundWork {
	readonly indexes: CollectionIndexes;
	readonly keywordThreads: KeywordThreads;
	readonly checkpoints: WalCheckpoints;
	/**
	 * Writes of the storage, one at a time: an import's transaction, on a connection of its own, spans many steps,
	 * and a write of the store's connection meanwhile would wait for SQLite's lock blocking the thread.
	 */
	private readonly writes = new SerialQueue();
	private readonly merges: KeywordMerges;

	constructor(private readonly store: Store, file: string, options: IndexOptions & {readonly dataDir: string}, private readonly log: (line: string) => void = () => undefined) {
		this.indexes = new CollectionIndexes(store, path.join(options.dataDir, 'indexes'), options);
		this.keywordThreads = new KeywordThreads(file, log);
		this.checkpoints = new WalCheckpoints(file, log);
		this.merges = new KeywordMerges(file, {segments: () => store.keywordSegments(), log, settleDelayMs: options.settleDelayMs, turn: async work => this.writes.run(work)});
	}

	/** A write, in turn with the others; the keyword index merge waits for writes to settle. */
	async write<T>(work: () => T | Promise<T>): Promise<T> {
		this.merges.wrote();
		try {
			return await this.writes.run(work);
		} finally {
			this.merges.wrote();
		}
	}

	/** Holds index builds and merges off until the returned release is called (a bulk write). */
	hold(): () => void {
		const releases = [this.indexes.hold(), this.merges.hold()];
		return () => {
			for (const release of releases) {
				release();
			}
		};
	}

	/** Does now what waits for writes to settle, and waits for it: index builds and files, then a merge if due. */
	async settle(): Promise<void> {
		await this.indexes.settle();
		await this.merges.settle();
	}

	/** Ends the work beside the store, checkpoints its log and closes it. */
	async close(): Promise<void> {
		await this.merges.close();
		await this.indexes.close();
		await this.keywordThreads.close(); // their connections' reads would hold the checkpoint below back
		await this.checkpoints.close();
		try {
			this.store.checkpoint();
		} catch (error) {
			// A full disk: the write-ahead log stays beside the store and is replayed at the next open.
			this.log(`the store's write-ahead log was not checkpointed: ${(error as Error).message}`);
		}

		this.store.close();
	}
}
