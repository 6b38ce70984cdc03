// node dist/bench/side-by-side.js --before DIR [--after DIR] [--size N] [--modes keyword,...] [--per-request N] [--ingest-every N] [--under-load]
//   [--while-ingesting 4,16]: search latency of two builds measured in one run, query by query alternately (which goes
// first alternates too), so both see the same machine load; with --ingest-every, ingest-dir of every N-th docs file
// too, before/after/after/before; with --while-ingesting, hybrid search with that many in flight, idle and while the
// same folder is ingested, and the ingestion's throughput with and without them (search-while-ingesting.ts), per
// build in the order before/after/after/before.
// Each DIR is a built checkout (its dist/ starts its daemon); the collection is filled through the import API.
import {cpSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import type {DaemonClient} from '../source/client/daemon-client.js';
import type {SearchMode} from '../source/client/api-types.js';
import type * as Connect from '../source/client/connect.js';
import type * as StopDaemon from '../source/client/stop-daemon.js';
import type * as WaitForModel from '../source/client/wait-for-model.js';
import type * as Discovery from '../common/discovery.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {walkMarkdown} from './walk-markdown.js';
import {checkLoad, machine, percentile, underLoadOption} from './machine.js';
import {fillCollection, sampleQueries} from './search-latency.js';
import {timeIngest} from './ingest-throughput.js';
import {searchWhileIngesting, whileIngestingLines} from './search-while-ingesting.js';

const {values: options} = parseArgs({options: {before: {type: 'string'}, after: {type: 'string', default: '.'}, size: {type: 'string', default: '10000'}, 'ingest-every': {type: 'string', default: '0'}, 'ingest-only': {type: 'boolean', default: false}, modes: {type: 'string', default: 'keyword,semantic,hybrid'}, 'per-request': {type: 'string', default: '10000'}, 'while-ingesting': {type: 'string', default: ''}, ...underLoadOption}});
const load = checkLoad(options['under-load']);
if (!options.before) {
	throw new Error('--before DIR: a built checkout to compare with');
}

const size = Number(options.size);
const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const texts = (await walkMarkdown(corpus)).slice(0, 300)
	.flatMap(file => readFileSync(path.join(corpus, file), 'utf8').split(/\n\s*\n/))
	.filter(paragraph => paragraph.length > 80);
const queries = sampleQueries(texts, 200);
const loads = options['while-ingesting'] === '' ? [] : options['while-ingesting'].split(',').map(Number);
const every = Number(options['ingest-every']) || (loads.length > 0 ? 20 : 0);
const tree = temporaryDirectory('md-vector-side-tree-');
for (const file of every > 0 ? (await walkMarkdown(corpus)).filter((_, index) => index % every === 0) : []) {
	mkdirSync(path.dirname(path.join(tree, file)), {recursive: true});
	cpSync(path.join(corpus, file), path.join(tree, file));
}

type Build = {name: string; client: DaemonClient; stop: () => Promise<void>};

async function start(name: string, directory: string): Promise<Build> {
	const root = path.resolve(directory);
	const load = async <T>(file: string) => import(path.join(root, 'dist', file)) as Promise<T>;
	const {connect} = await load<typeof Connect>('source/client/connect.js');
	const {stopDaemon} = await load<typeof StopDaemon>('source/client/stop-daemon.js');
	const {waitForModel} = await load<typeof WaitForModel>('source/client/wait-for-model.js');
	const {readDiscovery} = await load<typeof Discovery>('common/discovery.js');
	const home = temporaryDirectory(`md-vector-side-${name}-`);
	const env = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_ALLOWED_ROOTS: tree, MD_VECTOR_MODEL_DIR: path.resolve('.bench-models', 'bge-small-shape'), MD_VECTOR_PORT: '0'};
	const client = await connect({env});
	await waitForModel(client);
	const health = await client.health();
	if (!options['ingest-only']) {
		await fillCollection(client, 'side', size, texts, {id: health.checks.embedder.model, dims: health.checks.embedder.dimension}, Number(options['per-request']));
	}

	return {
		name, client, async stop() {
			await stopDaemon(readDiscovery(path.join(home, 'state'))!.pid);
		},
	};
}

const builds = [await start('before', options.before), await start('after', options.after)];
try {
	console.log(`machine: ${machine()}`);
	console.log(options['ingest-only'] ? 'ingestion only' : `search latency over HTTP, ${size.toLocaleString('en-US')} chunks, 200 queries, top 10, the two builds alternately`);
	for (const mode of options['ingest-only'] || loads.length > 0 ? [] : options.modes.split(',') as SearchMode[]) {
		const times = new Map(builds.map(build => [build.name, [] as number[]]));
		for (const build of builds) {
			await build.client.search({query: 'warm up', collection: 'side', mode});
		}

		for (const [index, query] of queries.entries()) {
			for (const at of index % 2 === 0 ? [0, 1] : [1, 0]) {
				const build = builds[at]!;
				const started = performance.now();
				await build.client.search({query, collection: 'side', mode, top_k: 10});
				times.get(build.name)!.push(performance.now() - started);
			}
		}

		const row = builds.map(build => `${build.name} p50 ${percentile(times.get(build.name)!, 50).toFixed(1)} / p99 ${percentile(times.get(build.name)!, 99).toFixed(1)} ms`).join('; ');
		console.log(`  ${mode.padEnd(8)} ${row}`);
	}

	for (const inFlight of loads) {
		console.log(`hybrid search while ingest-dir of every ${every}th docs file embeds, ${inFlight} in flight (closed loop), per build in the order before, after, after, before:`);
		for (const [round, at] of [0, 1, 1, 0].entries()) {
			const build = builds[at]!;
			const run = await searchWhileIngesting(build.client, {collection: 'side', folder: tree, queries, inFlight, name: `load-${inFlight}-${round}`});
			for (const row of whileIngestingLines(run, `  ${build.name.padEnd(6)} `)) {
				console.log(row);
			}
		}
	}

	if (every > 0 && loads.length === 0) {
		console.log(`ingest-dir of every ${every}th docs file, through the job API, in the order before, after, after, before:`);
		for (const [round, at] of [0, 1, 1, 0].entries()) {
			const build = builds[at]!;
			const run = await timeIngest(build.client, tree, `ingest-${round}`);
			console.log(`  ${build.name.padEnd(6)} ${run.seconds.toFixed(1)} s, ${(run.chunks / run.seconds).toFixed(1)} chunks/s (${run.files} files, ${run.chunks} chunks)`);
		}
	}
} finally {
	await Promise.all(builds.map(async build => build.stop()));
}

console.log(load.finish());
