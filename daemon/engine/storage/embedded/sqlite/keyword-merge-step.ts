import type Database from 'better-sqlite3';
import {writeTransaction} from './write-transaction.js';

/**
 * One step of merging the FTS5 index into a single segment: FTS5's 'merge' command with a negative count works
 * toward what 'optimize' makes at once, writing about `pages` leaf pages per call, so no step holds the store's
 * write lock long (an ingestion's commit waits for one step at most). Answers whether the step did any work: FTS5
 * counts two or more changes when it did, fewer once the index is one segment.
 */
export function keywordMergeStep(db: Database.Database, pages: number): boolean {
	return writeTransaction(db, () => {
		const before = db.prepare('SELECT total_changes() AS changes').get() as {changes: number};
		db.prepare('INSERT INTO chunks_fts(chunks_fts, rank) VALUES (\'merge\', ?)').run(-pages);
		const after = db.prepare('SELECT total_changes() AS changes').get() as {changes: number};
		return after.changes - before.changes >= 2;
	});
}
