import {serveCalls} from '../../../threads/serve-calls.js';
import type {IndexMessage, IndexOp, IndexReply, IndexRequest, IndexShape} from './thread-protocol.js';
import {VectorIndex} from './vector-index.js';
import {FlatIndex} from './flat-index.js';
import {readIndex, writeIndex, type LiveIndex} from './index-file.js';

/**
 * The index thread: owns every vector index of the process, exact ones (flat-index.ts) and HNSW graphs (every
 * faiss-node object: faiss-node is not safe across threads). Each call blocks its thread, so the daemon's HTTP
 * thread never runs one; requests run here one at a time, in the order they were sent, except that an index
 * file's writing and syncing go on after its call has taken the index (write).
 */
const indexes = new Map<string, LiveIndex>();
/** Index files being written, by index key: a write's file work goes on while later calls run (index-file.ts). */
const writing = new Map<string, Promise<unknown>>();

/** An empty index of a kind. */
function empty(dims: number, kind: LiveIndex['kind']): LiveIndex {
	return kind === 'hnsw' ? new VectorIndex(dims, 'hnsw') : new FlatIndex(dims);
}

/** One handler per operation, each answering that operation's reply type (thread-protocol.ts). */
const handlers: {[Op in IndexOp]: (request: IndexRequest<Op>) => IndexReply<Op> | Promise<IndexReply<Op>>} = {
	load(request) {
		let rejected: string | undefined;
		const index = readIndex(request.file, request.dims, request.generation, reason => {
			rejected = reason;
		});
		indexes.set(request.key, index ?? empty(request.dims, 'flat'));
		return {...shape(get(request.key)), loaded: Boolean(index), ...(rejected ? {rejected} : {})};
	},

	create(request) {
		const replaced = indexes.has(request.key);
		indexes.set(request.key, empty(request.dims, request.kind));
		if (replaced) {
			collectReplaced();
		}

		return shape(get(request.key));
	},

	add(request) {
		const index = get(request.key);
		index.addFlat(request.rowids, request.vectors);
		return shape(index);
	},

	remove(request) {
		const index = get(request.key);
		index.remove(request.rowids);
		return shape(index);
	},

	swap(request) {
		const index = get(request.from);
		indexes.set(request.key, index);
		indexes.delete(request.from);
		collectReplaced();
		return shape(index);
	},

	search(request) {
		const hits = get(request.key).search(request.query, request.k);
		return {rowids: hits.map(hit => hit.rowid), scores: hits.map(hit => hit.score)};
	},

	/**
	 * Takes the index as it is now (in this call, before any later one runs) and answers once its file is written;
	 * searches and other calls run meanwhile. A write of a key waits for the one before it (they share a
	 * temporary name).
	 */
	async write(request) {
		const index = get(request.key);
		const {size} = index;
		const before = writing.get(request.key);
		const written = before ? before.then(async () => writeIndex(request.file, index, request.generation)) : writeIndex(request.file, index, request.generation);
		const settled = written.catch(() => undefined);
		writing.set(request.key, settled);
		void settled.then(() => {
			if (writing.get(request.key) === settled) {
				writing.delete(request.key);
			}
		});
		await written;
		return {size};
	},

	/** Forgets the index once a write of it under way has ended (so its files, removed next, stay removed). */
	async drop(request) {
		indexes.delete(request.key);
		collectReplaced();
		await writing.get(request.key);
		return {size: 0};
	},
};

/**
 * faiss-node frees an index's memory only when V8 collects its JavaScript object, and V8 does not know that a
 * small object holds 150 MB: after an HNSW build swapped out a 100k flat index, RSS stayed 180 MB higher for
 * about 15 s. A full collection of this thread's small heap frees it at once (when node runs with --expose-gc,
 * as the daemon does when a command starts it).
 */
function collectReplaced(): void {
	(globalThis as {gc?: () => void}).gc?.();
}

function shape(index: LiveIndex): IndexShape {
	return {size: index.size, kind: index.kind, tombstones: index.tombstones};
}

function get(key: string): LiveIndex {
	const index = indexes.get(key);
	if (!index) {
		throw new Error(`index thread: no index ${key} is open`);
	}

	return index;
}

// The message names its op, so the handler it reaches takes its request type.
serveCalls(async (message: IndexMessage) => (handlers[message.op] as (request: IndexRequest<IndexOp>) => IndexReply<IndexOp> | Promise<IndexReply<IndexOp>>)(message.request));
