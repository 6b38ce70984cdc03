import type {IndexKind} from './vector-index.js';

/** Messages between the engine and the index thread, the one thread that calls into faiss-node. */
export type IndexRequest
	= | {readonly op: 'load'; readonly key: string; readonly file: string; readonly dims: number; readonly generation: number}
		| {readonly op: 'create'; readonly key: string; readonly dims: number; readonly kind: IndexKind}
		| {readonly op: 'add'; readonly key: string; readonly rowids: number[]; readonly vectors: Float32Array}
		| {readonly op: 'remove'; readonly key: string; readonly rowids: number[]}
		| {readonly op: 'search'; readonly key: string; readonly query: Float32Array; readonly k: number}
		| {readonly op: 'write'; readonly key: string; readonly file: string; readonly generation: number}
		| {readonly op: 'drop'; readonly key: string}
	/** Puts the index built under `from` in the place of `key` (a rebuild done beside the live index). */
		| {readonly op: 'swap'; readonly key: string; readonly from: string};

/** What each request answers: the index size after it, and for a search its hits. */
export type IndexReply = {
	/** Live vectors. */
	readonly size: number;
	readonly kind?: IndexKind;
	/** Removed vectors an HNSW graph still holds. */
	readonly tombstones?: number;
	/** load: whether a file for this generation was read (false: the caller rebuilds from the store). */
	readonly loaded?: boolean;
	readonly rowids?: number[];
	readonly scores?: number[];
};
