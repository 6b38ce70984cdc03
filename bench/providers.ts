// npm run bench:providers [-- --docs 300 --queries 40 --rounds 2 --dtype fp32 --ollama DIR --under-load]: ingestion throughput and
// search latency with the same model (all-MiniLM-L6-v2) run in the daemon (`local`) and through model servers, side by
// side in one run on one machine: `openai` pointed at a second md-vector daemon's POST /v1/embeddings, and, when the
// test set-up built it (tools/test-servers/ollama.sh), Ollama through /api/embed (`ollama`) and its /v1 (`openai`).
// Each round starts a fresh daemon per way, ingests the same SciFact abstracts (a directory job), then times semantic
// searches: distinct queries (each a round trip to the server) and one query repeated (the provider's cache).
// Rows alternate order between rounds; every figure is the median over rounds; ratios are against local.
import {execSync} from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {performance} from 'node:perf_hooks';
import {poll} from '../source/client/poll.js';
import {startDaemon, untilReady, type RunningDaemon} from '../test/helpers/daemon.js';
import {findOllama, ollamaModel, startOllama, type RunningOllama} from '../test/helpers/ollama.js';
import {sharedData, temporaryDirectory} from '../test/helpers/paths.js';
import {findRealModel} from '../test/helpers/real-model.js';
import {checkLoad, machine, percentile, underLoadOption} from './machine.js';
import {loadScifact, writeCorpus} from './eval/scifact.js';

const {values: options} = parseArgs({options: {
	docs: {type: 'string', default: '300'},
	queries: {type: 'string', default: '40'},
	rounds: {type: 'string', default: '2'},
	dtype: {type: 'string', default: 'fp32'}, // Ollama's model is fp32: the same precision everywhere
	model: {type: 'string'},
	ollama: {type: 'string'},
	...underLoadOption,
}});
const loadRecord = checkLoad(options['under-load']); // refuses a busy machine unless --under-load (issue 37)

const found = options.model ? {directory: path.resolve(options.model)} : findRealModel();
if ('missing' in found) {
	throw new Error(`bench:providers needs the real model: ${found.missing}`);
}

const ollamaFound = options.ollama ? {directory: path.resolve(options.ollama)} : findOllama();
const {corpus, queries: scifactQueries} = loadScifact(path.join(sharedData, 'scifact'));
const folder = writeCorpus(corpus.slice(0, Number(options.docs)), path.join(temporaryDirectory('md-vector-providers-bench-'), 'abstracts'));
const queries = scifactQueries.slice(0, Number(options.queries)).map(({text}) => text);
const base = {MD_VECTOR_MODEL_DIR: found.directory, MD_VECTOR_MODEL_DTYPE: options.dtype, MD_VECTOR_ALLOWED_ROOTS: folder, MD_VECTOR_ONNX_SPIN: '0'};
const load = () => os.loadavg().map(value => value.toFixed(2)).join(' ');

type Way = {readonly name: string; readonly start: () => Promise<{daemon: RunningDaemon; extra: () => Promise<void>}>};
type Figures = {chunksPerSecond: number; searchP50: number; searchP95: number; cachedP50: number; chunks: number};

const ways: Way[] = [
	{name: 'local (in the daemon)', start: async () => ({daemon: await startDaemon(base), extra: async () => undefined})},
	{
		name: 'openai -> md-vector /v1/embeddings',
		async start() {
			const server = await startDaemon(base);
			await untilReady(server);
			return {daemon: await startDaemon({...base, MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_URL: `${server.url}/v1`, MD_VECTOR_EMBED_MODEL: path.basename(found.directory)}), extra: async () => server.stop()};
		},
	},
];

let ollama: RunningOllama | undefined;
if ('directory' in ollamaFound) {
	ollama = await startOllama(ollamaFound.directory);
	const {url} = ollama;
	ways.push(
		{name: 'ollama -> Ollama /api/embed', start: async () => ({daemon: await startDaemon({...base, MD_VECTOR_EMBED_PROVIDER: 'ollama', MD_VECTOR_EMBED_URL: url, MD_VECTOR_EMBED_MODEL: ollamaModel}), extra: async () => undefined})},
		{name: 'openai -> Ollama /v1/embeddings', start: async () => ({daemon: await startDaemon({...base, MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_URL: `${url}/v1`, MD_VECTOR_EMBED_MODEL: ollamaModel}), extra: async () => undefined})},
	);
} else {
	console.log(`(no Ollama: ${ollamaFound.missing})`);
}

async function measure(way: Way): Promise<Figures> {
	const {daemon, extra} = await way.start();
	try {
		await untilReady(daemon);
		const started = performance.now();
		const job = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'abstracts'});
		const done = await poll(async () => {
			const {body} = await daemon.request('GET', `/api/v1/jobs/${job.body.job.id as string}`);
			return body.job.state === 'running' ? undefined : body.job;
		}, 3_600_000);
		const seconds = (performance.now() - started) / 1000;
		if (done?.state !== 'completed') {
			throw new Error(`${way.name}: the ingestion ended ${JSON.stringify(done)}`);
		}

		const chunks = (await daemon.request('GET', '/api/v1/stats?collection=abstracts')).body.chunks as number;
		const time = async (query: string) => {
			const at = performance.now();
			const {status} = await daemon.request('POST', '/api/v1/search', {query, mode: 'semantic', collection: 'abstracts', top_k: 10});
			if (status !== 200) {
				throw new Error(`${way.name}: search answered ${status}`);
			}

			return performance.now() - at;
		};

		const distinct = [];
		for (const query of queries) {
			distinct.push(await time(query));
		}

		const cached = [];
		for (const _ of queries) {
			cached.push(await time(queries[0]!)); // the same query each time: the provider's cache answers it
		}

		return {chunksPerSecond: chunks / seconds, searchP50: percentile(distinct, 50), searchP95: percentile(distinct, 95), cachedP50: percentile(cached, 50), chunks};
	} finally {
		await daemon.stop();
		await extra();
	}
}

console.log(`machine: ${machine()}`);
console.log(`load average before: ${load()}`);
console.log(`${options.docs} SciFact abstracts (ingest-dir), ${queries.length} distinct semantic queries + 1 repeated, ${path.basename(found.directory)} ${options.dtype}, ${options.rounds} rounds`);
const results = new Map<string, Figures[]>(ways.map(way => [way.name, []]));
try {
	for (let round = 1; round <= Number(options.rounds); round++) {
		for (const way of round % 2 === 1 ? ways : [...ways].reverse()) { // eslint-disable-line unicorn/no-array-reverse -- a copy; the ES2022 lib has no toReversed
			const figures = await measure(way);
			results.get(way.name)!.push(figures);
			console.log(`  round ${round} ${way.name}: ${figures.chunksPerSecond.toFixed(1)} chunks/s, search p50 ${figures.searchP50.toFixed(1)} ms (load ${load()})`);
		}
	}
} finally {
	await ollama?.stop();
}

const median = (values: number[]) => percentile(values, 50);
const local = results.get(ways[0]!.name)!;
const localRate = median(local.map(figure => figure.chunksPerSecond));
const localSearch = median(local.map(figure => figure.searchP50));
console.log('\n| way | chunks | ingest chunks/s | vs local | semantic search p50 ms | p95 ms | vs local | repeated query p50 ms |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [name, figures] of results) {
	const rate = median(figures.map(figure => figure.chunksPerSecond));
	const p50 = median(figures.map(figure => figure.searchP50));
	console.log(`| ${name} | ${figures[0]!.chunks} | ${rate.toFixed(1)} | ${(rate / localRate).toFixed(2)}x | ${p50.toFixed(1)} | ${median(figures.map(figure => figure.searchP95)).toFixed(1)} | ${(p50 / localSearch).toFixed(2)}x | ${median(figures.map(figure => figure.cachedP50)).toFixed(1)} |`);
}

console.log(loadRecord.finish());
console.log(`git: ${execSync('git rev-parse --short HEAD').toString().trim()}`);
