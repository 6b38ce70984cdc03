// node dist/bench/export-memory.js [--size N]: the daemon's memory while GET /export streams a large collection
// (jsonl, every vector). The collection is filled through the import API as the latency benchmark does.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import {connect} from '../source/client/connect.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {waitForModel} from '../source/client/wait-for-model.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {walkMarkdown} from './walk-markdown.js';
import {machine} from './machine.js';
import {fillCollection} from './search-latency.js';
import {daemonPid, memoryOf} from './cold-start.js';
import {untilIndexSettled} from './index-settle.js';

const {values: options} = parseArgs({options: {size: {type: 'string', default: '100000'}}});
const size = Number(options.size);
const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const home = temporaryDirectory('md-vector-bench-export-');
// An export reads the store, not the vector index: the collection stays flat so that no HNSW build (minutes on a
// busy machine) runs beside the measurement.
const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: path.resolve('.bench-models', 'bge-small-shape'), MD_VECTOR_PORT: '0', MD_VECTOR_HNSW_THRESHOLD: String(10 ** 9)};

// Real paragraphs as chunk texts (BM25 rows of realistic size).
const texts = (await walkMarkdown(corpus)).slice(0, 300)
	.flatMap(file => readFileSync(path.join(corpus, file), 'utf8').split(/\n\s*\n/))
	.filter(paragraph => paragraph.length > 80);
const client = await connect({env});
try {
	await waitForModel(client);
	const health = await client.health();
	const seconds = await fillCollection(client, 'export', size, texts, {id: health.checks.embedder.model, dims: health.checks.embedder.dimension});
	await untilIndexSettled(client, 'export');
	const pid = daemonPid(env);
	const before = memoryOf(pid).rssMb;
	let peak = before;
	const sampler = setInterval(() => {
		peak = Math.max(peak, memoryOf(pid).rssMb);
	}, 10);
	const started = performance.now();
	let bytes = 0;
	for await (const part of await client.exportCollection('jsonl', 'export')) {
		bytes += part.byteLength;
	}

	clearInterval(sampler);
	peak = Math.max(peak, memoryOf(pid).rssMb);
	console.log(`machine: ${machine()}`);
	console.log(`export of ${size.toLocaleString('en-US')} chunks (jsonl, ${(bytes / (2 ** 20)).toFixed(0)} MB, imported in ${seconds.toFixed(1)} s): ${((performance.now() - started) / 1000).toFixed(1)} s; daemon RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during (+${(peak - before).toFixed(0)} MB)`);
} finally {
	await stopDaemon(daemonPid(env));
}
