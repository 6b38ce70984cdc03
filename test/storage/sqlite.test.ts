// The storage contract on the embedded backend: SQLite for the records and BM25, FAISS on the index thread.
import path from 'node:path';
import test from 'ava';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {storageContract} from './contract.js';
import {filtersContract} from './contract-filters.js';

storageContract(test, 'sqlite+faiss', async () => EmbeddedStorage.open({dataDir: path.join(temporaryDirectory(), 'data'), settleDelayMs: 10}));

// Filtered vector search through the FAISS index (over-fetching), as it runs when the kept set is large.
filtersContract(test, 'sqlite+faiss through the index', async t => {
	const storage = EmbeddedStorage.open({dataDir: path.join(temporaryDirectory(), 'data'), settleDelayMs: 10, filterExactMax: 0});
	t.teardown(async () => storage.close());
	return {storage, collection: await storage.ensureCollection('c', chunkerVersion)};
});
