import {workerData} from 'node:worker_threads';
import {serveCalls} from '../../threads/serve-calls.js';
import {Store} from './sqlite/store.js';
import type {KeywordAnswer, KeywordCall} from './keyword-threads.js';

/**
 * A keyword thread: BM25 top k on a connection of its own to the store's file (WAL: it reads while the daemon's
 * connection writes), so a search's keyword half never holds the daemon's HTTP thread. Each call reads one
 * snapshot. A call that may be split (`splitAbove`) and would score that many rows in one step is answered with its
 * halves instead (../keyword-split.ts), which the caller sends to both threads.
 */
const store = Store.open((workerData as {file: string}).file);

serveCalls<KeywordCall, KeywordAnswer>(({collectionIds, terms, limit, weights, filter, rows, splitAbove}) => store.readSnapshot(() => splitAbove === undefined
	? {hits: store.keywords.top(collectionIds, terms, limit, weights, filter, rows)}
	: store.keywords.topOrHalves(collectionIds, terms, limit, weights, filter, splitAbove)));
