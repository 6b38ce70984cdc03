import {workerData} from 'node:worker_threads';
import Database from 'better-sqlite3';
import {serveCalls} from '../../threads/serve-calls.js';
import {keywordMergeStep} from './sqlite/keyword-merge-step.js';
import {keywordSegments, mergeDue} from './sqlite/keyword-segments.js';
import type {KeywordMergeCall, KeywordMergeReply} from './keyword-merges.js';

/**
 * The keyword merge thread: reads the FTS5 index's segments and merges them a step at a time, on a connection of
 * its own (WAL: searches read meanwhile), so neither the reading nor the writing holds the daemon's HTTP thread.
 */
const db = new Database((workerData as {file: string}).file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');

serveCalls<KeywordMergeCall, KeywordMergeReply>(call => {
	if (call.op === 'step') {
		return {changed: keywordMergeStep(db, call.pages)};
	}

	const segments = keywordSegments(db);
	return segments === undefined
		? {readable: false}
		: {readable: true, due: mergeDue(segments), segments: segments.length, pages: segments.reduce((sum, segment) => sum + segment.pages, 0)};
});
