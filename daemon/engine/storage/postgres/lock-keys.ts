import {sha256} from '../../hash.js';

/**
 * Advisory lock keys (two int4: a class and an object). The class 0x6d64 ('md') keeps md-vector's locks apart
 * from other applications' in a shared database.
 */
const mdVector = 0x6D_64;

export const lockKeys: {
	readonly migrations: number[];
	readonly indexBuild: (collectionId: number) => number[];
	readonly document: (key: number) => number[];
	readonly job: (key: number) => number[];
	readonly runningJob: (key: number) => number[];
	readonly chunkIndexes: number[];
} = {
	/** Held by the transaction that migrates the schema. */
	migrations: [mdVector, 1],
	/** Held while a collection's HNSW index is built, so one daemon builds it. */
	indexBuild: (collectionId: number) => [mdVector + 1, collectionId],
	/** Held by each write transaction for each document it writes (a hash of collection and name). */
	document: (key: number) => [mdVector + 2, key],
	/** Held by a daemon for the whole of a job it owns (a hash of the job's key). */
	job: (key: number) => [mdVector + 3, key],
	/** Held by the daemon running a job of the job board (a hash of the job's id) while it runs: gone when it dies. */
	runningJob: (key: number) => [mdVector + 4, key],
	/**
	 * Held while an index of chunks is built or dropped concurrently, whatever its collection (after its indexBuild
	 * lock): two such statements on one table each wait for the other's transaction (a partial expression index is
	 * not one PostgreSQL lets them skip) and one dies of a deadlock.
	 */
	chunkIndexes: [mdVector + 5, 0],
};

/** A signed int4 lock key from any text (32 bits of its SHA-256, shifted into int4's range). */
export function int4Key(text: string): number {
	return Number.parseInt(sha256(text, 8), 16) - (2 ** 31);
}
