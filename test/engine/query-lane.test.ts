// Issue 37: a search's query never waits behind an ingestion's batch. Queries are embedded on a thread of their
// own (thread-embedder.ts), and the documents' thread yields the CPU (nice 10, inherited by ONNX Runtime's threads).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {loadThreadEmbedder} from '../../daemon/engine/embedder/thread-embedder.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';
import {temporaryDirectory, tinyModelDir} from '../helpers/paths.js';

async function embedder() {
	const config = modelConfigFromEnv({MD_VECTOR_MODEL_DIR: tinyModelDir});
	return loadThreadEmbedder(config, path.join(temporaryDirectory(), 'cache'), {releaseAfterMs: 0});
}

test('a query comes back while a documents batch still runs', async t => {
	// One call of 96 long texts, shared out in slices among the documents' sessions: before, a query waited behind
	// the model run under way on its session when it came.
	const model = await embedder();
	t.teardown(async () => model.dispose());
	const alone = await model.embedQuery('rotate the api key');
	await model.embedDocuments(['the documents\' thread starts with its first batch']);
	let batchDone = false;
	const batch = model.embedDocuments(Array.from({length: 96}, (_, index) => `text ${index} ${'many words of a long chunk '.repeat(60)}`)).then(vectors => {
		batchDone = true;
		return vectors;
	});
	const queries = await Promise.all(Array.from({length: 3}, async () => model.embedQuery('rotate the api key')));
	t.false(batchDone, 'the queries were answered while the batch ran');
	for (const vector of queries) {
		t.deepEqual([...vector], [...alone], 'the same vector as the query embedded alone');
	}

	t.is((await batch).length, 96);
});

/** This process's threads' nice values (field 19 of /proc/self/task/TID/stat). */
function niceValues(): number[] {
	return readdirSync('/proc/self/task').map(tid => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
}

// A thread's own nice value is Linux's.
(process.platform === 'linux' ? test : test.skip)('the documents\' thread and the compute threads it starts run at nice 10', async t => {
	const model = await embedder();
	t.teardown(async () => model.dispose());
	const before = niceValues().filter(nice => nice === 10).length;
	await model.embedDocuments(['the documents\' thread starts with its first batch']);
	t.true(niceValues().filter(nice => nice === 10).length > before, `threads' nice values: ${niceValues().join(' ')}`);
});
