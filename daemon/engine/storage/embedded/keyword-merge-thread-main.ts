import {workerData} from 'node:worker_threads';
import Database from 'better-sqlite3';
import {serveCalls} from '../../threads/serve-calls.js';
import {keywordMergeStep} from './sqlite/keyword-merge-step.js';
import type {KeywordMergeCall, KeywordMergeReply} from './keyword-merges.js';

/**
 * The keyword merge thread: merges the FTS5 index a step at a time on a connection of its own (WAL: searches read
 * meanwhile), so the writing never holds the daemon's HTTP thread.
 */
const db = new Database((workerData as {file: string}).file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');

serveCalls<KeywordMergeCall, KeywordMergeReply>(({pages}) => ({changed: keywordMergeStep(db, pages)}));
