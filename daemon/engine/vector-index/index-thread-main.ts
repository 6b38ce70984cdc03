import {serveCalls} from '../threads/serve-calls.js';
import type {IndexReply, IndexRequest} from './thread-protocol.js';
import {VectorIndex} from './vector-index.js';
import {readIndex, writeIndex} from './index-file.js';

/**
 * The index thread: owns every faiss-node object of the process. faiss-node is not safe across threads
 * and each call blocks its thread, so the daemon's HTTP thread never loads it; requests run here one at a
 * time, in the order they were sent.
 */
const indexes = new Map<string, VectorIndex>();

function handle(request: IndexRequest): IndexReply {
	switch (request.op) {
		case 'load': {
			const index = readIndex(request.file, request.dims, request.generation);
			indexes.set(request.key, index ?? new VectorIndex(request.dims));
			return {...shape(get(request.key)), loaded: Boolean(index)};
		}

		case 'create': {
			indexes.set(request.key, new VectorIndex(request.dims, request.kind));
			return shape(get(request.key));
		}

		case 'add': {
			const index = get(request.key);
			index.addFlat(request.rowids, request.vectors);
			return shape(index);
		}

		case 'remove': {
			const index = get(request.key);
			index.remove(request.rowids);
			return shape(index);
		}

		case 'swap': {
			const index = get(request.from);
			indexes.set(request.key, index);
			indexes.delete(request.from);
			collectReplaced();
			return shape(index);
		}

		case 'search': {
			const index = get(request.key);
			const hits = index.search(request.query, request.k);
			return {size: index.size, rowids: hits.map(hit => hit.rowid), scores: hits.map(hit => hit.score)};
		}

		case 'write': {
			const index = get(request.key);
			writeIndex(request.file, index, request.generation);
			return {size: index.size};
		}

		case 'drop': {
			indexes.delete(request.key);
			collectReplaced();
			return {size: 0};
		}
	}
}

/**
 * faiss-node frees an index's memory only when V8 collects its JavaScript object, and V8 does not know that a
 * small object holds 150 MB: after an HNSW build swapped out a 100k flat index, RSS stayed 180 MB higher for
 * about 15 s. A full collection of this thread's small heap frees it at once (when node runs with --expose-gc,
 * as the daemon does when a command starts it).
 */
function collectReplaced(): void {
	(globalThis as {gc?: () => void}).gc?.();
}

function shape(index: VectorIndex): IndexReply {
	return {size: index.size, kind: index.kind, tombstones: index.tombstones};
}

function get(key: string): VectorIndex {
	const index = indexes.get(key);
	if (!index) {
		throw new Error(`index thread: no index ${key} is open`);
	}

	return index;
}

serveCalls(handle);
