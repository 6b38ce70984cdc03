// node dist/bench/model-switch.js [--from DIR] [--to DIR] [--sample N] [--in-flight N] [--under-load]: a collection's switch to
// another model in place (md-vector model use) on one daemon, over the PowerShell docs (every N-th file, default
// 10): how fast the new model's vectors are made, beside the same model's bare ONNX Runtime throughput on the
// same chunk texts (what the switch costs beyond inference), and hybrid search latency with N searches in flight,
// idle and while the switch runs (searches keep answering from the old model). Default models: the generated
// test models (tiny, tiny-48); real ones: --from ~/.cache/md-vector-ci/models/all-MiniLM-L6-v2 --to
// .bench-models/bge-small-shape (npm run bench makes it). It refuses a busy machine and reports other work's CPU (machine.ts checkLoad).
import {cpSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {performance} from 'node:perf_hooks';
import {connect} from '../source/client/connect.js';
import {waitForModel} from '../source/client/wait-for-model.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {readDiscovery} from '../common/discovery.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {walkMarkdown} from './walk-markdown.js';
import {checkLoad, machine, underLoadOption} from './machine.js';
import {chunkTexts, rawOnnxThroughput, timeIngest} from './ingest-throughput.js';
import {searchLoad} from './search-while-ingesting.js';
import {sampleQueries} from './search-latency.js';

const {values: options} = parseArgs({options: {
	from: {type: 'string', default: path.resolve('test', 'fixtures', 'models', 'tiny')},
	to: {type: 'string', default: path.resolve('test', 'fixtures', 'models', 'tiny-48')},
	sample: {type: 'string', default: '10'},
	'in-flight': {type: 'string', default: '4'},
	...underLoadOption,
}});
const load = checkLoad(options['under-load']);

const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const home = temporaryDirectory('md-vector-bench-switch-');
const tree = path.join(home, 'docs');
for (const [index, file] of (await walkMarkdown(corpus)).entries()) {
	if (index % Number(options.sample) === 0) {
		mkdirSync(path.dirname(path.join(tree, file)), {recursive: true});
		cpSync(path.join(corpus, file), path.join(tree, file));
	}
}

const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: path.resolve(options.from), MD_VECTOR_PORT: '0', MD_VECTOR_ALLOWED_ROOTS: home};
const inFlight = Number(options['in-flight']);
const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`machine: ${machine()}`);
console.log(`switch from ${path.basename(options.from)} to ${path.basename(options.to)}, ${inFlight} hybrid searches in flight`);
const client = await connect({env});
try {
	await waitForModel(client);
	const ingest = await timeIngest(client, tree, 'docs');
	console.log(`ingest with ${path.basename(options.from)}: ${ingest.chunks} chunks in ${ingest.seconds.toFixed(1)} s (${(ingest.chunks / ingest.seconds).toFixed(1)} chunks/s)`);
	const texts = await chunkTexts(tree);
	const queries = sampleQueries(texts, 200);
	await client.search({query: 'warm up', collection: 'docs'});
	const idle = await searchLoad(client, 'docs', queries, 'hybrid', inFlight, done => done >= 200);

	const started = performance.now();
	const answer = await client.useModel({model: path.resolve(options.to), collection: 'docs'});
	const id = answer.collections[0]?.job_id;
	if (!id) {
		throw new Error(`the switch did not start: ${JSON.stringify(answer)}`);
	}

	let switching = true;
	const follow = async () => {
		try {
			return await client.followJob(id, () => undefined);
		} finally {
			switching = false;
		}
	};

	const job = follow();
	const busy = await searchLoad(client, 'docs', queries, 'hybrid', inFlight, () => !switching);
	const done = await job;
	const seconds = (performance.now() - started) / 1000;
	if (done.model_switch?.outcome !== 'swapped') {
		throw new Error(`the switch ended ${done.state}: ${done.error ?? JSON.stringify(done.model_switch)}`);
	}

	const bare = await rawOnnxThroughput(path.resolve(options.to), texts);
	const rate = done.model_switch.total / seconds;
	console.log(`switch: ${done.model_switch.total} chunks in ${seconds.toFixed(1)} s (${rate.toFixed(1)} chunks/s); ${path.basename(options.to)} alone (bare ONNX Runtime): ${bare.chunksPerSecond.toFixed(1)} chunks/s: ${(rate / bare.chunksPerSecond).toFixed(2)} of it`);
	console.log(`search: idle p50 ${ms(idle.p50)} / p99 ${ms(idle.p99)} (${idle.searches}); while switching p50 ${ms(busy.p50)} / p99 ${ms(busy.p99)} (${busy.searches}), p99 ${(busy.p99 / idle.p99).toFixed(2)}x idle`);
} finally {
	await stopDaemon(readDiscovery(path.join(home, 'state'))!.pid);
}

console.log(load.finish());
