import {setImmediate} from 'node:timers/promises';
import type {ImportWrite} from '../storage.js';
import type {Fingerprint} from '../types.js';
import type {Store} from './sqlite/store.js';
import type {CollectionRow} from './sqlite/types.js';
import type {CollectionIndexes} from './vector-index/collection-indexes.js';
import {writeSlices} from './write-slices.js';
import type {WalCheckpoints} from './sqlite/wal-checkpoints.js';

/** Vectors an import may add before its collection's index is rebuilt from the store rather than sent them (~30 MB at 384 dims). */
const importVectorsApplied = 20_000;

export type ImportRequest = {readonly name: string; readonly chunkerVersion: number; readonly write: ImportWrite; readonly fingerprint?: Fingerprint};

/**
 * EmbeddedStorage.importDocuments, inside its writes' queue: the whole import in one transaction of a second
 * connection (the store's reads see none of it before it commits), written a slice at a time with the event loop
 * let run between (write-slices.ts), then the collection's index follows it.
 */
export async function importIntoStore(store: Store, indexes: CollectionIndexes, checkpoints: WalCheckpoints, {name, chunkerVersion, write, fingerprint}: ImportRequest): Promise<CollectionRow> {
	const removed: number[] = [];
	let firstAdded: number | undefined;
	let added = 0;
	const writer = store.writer();
	try {
		await writer.inTransaction(async () => {
			const collection = writer.ensureCollection(name, chunkerVersion);
			for (const source of write.sources) {
				writer.sources.add(collection.id, source);
			}

			removed.push(...writer.moveDocuments(collection, [], write.moves));
			for await (const group of write.groups(writer.sources.list(collection.id))) {
				for (const slice of writeSlices(group)) {
					const change = writer.writeDocuments(writer.collection(name)!, slice, fingerprint);
					removed.push(...change.removed);
					firstAdded ??= change.added[0]?.rowid;
					added += change.added.length;
					await setImmediate(); // searches waiting on this thread go first (write-slices.ts)
				}
			}
		});
	} finally {
		writer.close();
		checkpoints.request(); // the writer leaves them (store.ts writer())
	}

	store.forgetStatistics();
	const row = store.collection(name)!;
	// Rowids only grow, and no other write ran meanwhile: the import's vectors are those from its first on.
	await (added <= importVectorsApplied
		? indexes.apply(row, {removed, added: firstAdded === undefined ? [] : store.reads.vectorsAfter(row.id, firstAdded - 1, -1)})
		: indexes.reload(row));
	return row;
}
