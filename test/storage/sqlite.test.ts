// The storage contract on the embedded backend: SQLite for the records and BM25, FAISS on the index thread.
import path from 'node:path';
import test from 'ava';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {storageContract} from './contract.js';

// FTS5 counts replaced rows in BM25's N until its segments merge (contract-rewrites.ts).
storageContract(test, 'sqlite+faiss', async () => EmbeddedStorage.open({dataDir: path.join(temporaryDirectory(), 'data'), settleDelayMs: 10}), {exactScoresAfterDeletes: false});
