import {workerData} from 'node:worker_threads';
import {serveCalls} from '../../threads/serve-calls.js';
import {Store} from './sqlite/store.js';
import type {KeywordCall} from './keyword-thread.js';

/**
 * The keyword thread: BM25 top k on a connection of its own to the store's file (WAL: it reads while the daemon's
 * connection writes), so a search's keyword half never holds the daemon's HTTP thread. Each call reads one snapshot.
 */
const store = Store.open((workerData as {file: string}).file);

serveCalls<KeywordCall, ReturnType<Store['keyword']>>(({collectionIds, terms, limit, weights, filter}) =>
	store.readSnapshot(() => store.keyword(collectionIds, terms, limit, weights, filter)));
