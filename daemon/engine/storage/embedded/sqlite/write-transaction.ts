import type Database from 'better-sqlite3';

/**
 * Runs `work` in one write transaction that takes SQLite's write lock at its start (BEGIN IMMEDIATE). A deferred
 * transaction reads first and asks for the lock at its first write: if another connection to the file (an import's
 * writer, a keyword thread opening) committed in between, or holds the lock at that moment, SQLite answers
 * SQLITE_BUSY at once, without waiting (busy_timeout applies only before a transaction has read). Taken at the start,
 * the lock is waited for, and the transaction never reads a snapshot another commit made stale.
 */
export function writeTransaction<T>(db: Database.Database, work: () => T): T {
	return db.transaction(work).immediate();
}
