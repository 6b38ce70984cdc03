import {workerData} from 'node:worker_threads';
import Database from 'better-sqlite3';
import {serveCalls} from '../../../threads/serve-calls.js';
import type {CheckpointCall, CheckpointReply} from './wal-checkpoints.js';

/**
 * The checkpoint thread: copies the write-ahead log's frames into the store's file on a connection of its own
 * (PASSIVE: it takes no lock that writers or readers wait for, and leaves what a reader still needs).
 */
const db = new Database((workerData as {file: string}).file);
db.pragma('busy_timeout = 5000');

serveCalls<CheckpointCall, CheckpointReply>(() => {
	const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{busy: number; log: number; checkpointed: number}>;
	return {frames: result?.log ?? 0, copied: result?.checkpointed ?? 0};
});
