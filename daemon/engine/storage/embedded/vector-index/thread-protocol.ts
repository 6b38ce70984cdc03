import type {IndexKind} from '../../types.js';

/**
 * Vectors per message to the index thread and per faiss-node add() on it: each becomes a number[] there
 * (8 bytes a value); a 10k-chunk import in one message left that thread's heap ~100 MB larger.
 */
export const vectorsPerAdd = 2000;

/** An index's state after a call: what the engine's bookkeeping follows. */
export type IndexShape = {
	/** Live vectors. */
	readonly size: number;
	readonly kind: IndexKind;
	/** Removed vectors an HNSW graph still holds. */
	readonly tombstones: number;
};

/**
 * The calls between the engine and the index thread (the one thread that calls into faiss-node): for each
 * operation, what it is sent and what it answers. `key` names an index on the thread.
 */
export type IndexCalls = {
	/** Reads the index file written for this generation, or opens an empty flat index. */
	load: {
		request: {readonly key: string; readonly file: string; readonly dims: number; readonly generation: number};
		/** loaded: whether the file was read (false: the caller rebuilds from the store); rejected: why a file present was not. */
		reply: IndexShape & {readonly loaded: boolean; readonly rejected?: string};
	};
	/** Opens an empty index of a kind (replacing any under the key). */
	create: {request: {readonly key: string; readonly dims: number; readonly kind: IndexKind}; reply: IndexShape};
	/** Adds vectors given back to back in one array, rowids[i] naming the i-th. */
	add: {request: {readonly key: string; readonly rowids: number[]; readonly vectors: Float32Array}; reply: IndexShape};
	remove: {request: {readonly key: string; readonly rowids: number[]}; reply: IndexShape};
	/** Puts the index built under `from` in the place of `key` (a rebuild done beside the live index). */
	swap: {request: {readonly key: string; readonly from: string}; reply: IndexShape};
	search: {request: {readonly key: string; readonly query: Float32Array; readonly k: number}; reply: {readonly rowids: number[]; readonly scores: number[]}};
	/** Writes the index file for a generation. */
	write: {request: {readonly key: string; readonly file: string; readonly generation: number}; reply: {readonly size: number}};
	/** Forgets the index (its memory is freed). */
	drop: {request: {readonly key: string}; reply: {readonly size: 0}};
};

export type IndexOp = keyof IndexCalls;
export type IndexRequest<Op extends IndexOp> = IndexCalls[Op]['request'];
export type IndexReply<Op extends IndexOp> = IndexCalls[Op]['reply'];

/** A call as it crosses to the thread: the operation and its request. */
export type IndexMessage = {[Op in IndexOp]: {readonly op: Op; readonly request: IndexRequest<Op>}}[IndexOp];
