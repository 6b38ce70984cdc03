// npm run bench:postgres: the PostgreSQL backend beside the embedded store (SQLite + FAISS), in one run on one
// machine: SciFact train keyword nDCG@10 and how many queries get the identical top 10, keyword search latency,
// and directory ingestion throughput (keyword only: no model, so the numbers are the stores', not embedding's).
// PostgreSQL: a native PostgreSQL 18 + pgvector started here, unless MD_VECTOR_TEST_DATABASE_URL names a server
// of your own (a database is made on it).
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {Engine} from '../daemon/engine/engine.js';
import {EmbeddedStorage} from '../daemon/engine/storage/embedded/embedded-storage.js';
import {PostgresStorage} from '../daemon/engine/storage/postgres/postgres-storage.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {startNativeServer} from '../test/helpers/postgres/native-server.js';
import {testDatabase} from '../test/helpers/postgres/test-database.js';
import {serverDescription} from './postgres/server-description.js';
import {machine, percentile} from './machine.js';
import {ndcgAt} from './eval/metrics.js';
import {documentId, loadScifact, writeCorpus} from './eval/scifact.js';

const {corpus, queries, qrels} = loadScifact(path.resolve('..', 'shared', 'data', 'scifact'));
const folder = writeCorpus(corpus, temporaryDirectory('md-vector-pg-bench-'));
const server = process.env.MD_VECTOR_TEST_DATABASE_URL ? undefined : await startNativeServer();
if (server) {
	process.env.MD_VECTOR_TEST_DATABASE_URL = server.url;
}

const database = await testDatabase();
console.log('md-vector bench: PostgreSQL backend beside the embedded store');
console.log(`machine: ${machine()}`);
console.log(`PostgreSQL: ${await serverDescription(database.url)}`);
console.log(`SciFact train: ${queries.length} queries, ${corpus.length} abstracts\n`);

const backends = {
	embedded: new Engine(EmbeddedStorage.open({dataDir: temporaryDirectory('md-vector-pg-bench-home-')})),
	postgres: new Engine(await PostgresStorage.open({url: database.url})),
};
const rankings: Record<string, string[][]> = {};
console.log('backend    ingest (docs/s)  keyword nDCG@10  latency p50  p99 (ms)');
for (const [name, engine] of Object.entries(backends)) {
	const started = performance.now();
	const report = await engine.ingestDirectory('scifact', {directory: folder, mode: 'default'});
	const seconds = (performance.now() - started) / 1000;
	const latencies: number[] = [];
	let ndcg = 0;
	rankings[name] = [];
	for (const query of queries) {
		const before = performance.now();
		const {results} = await engine.search({query: query.text, mode: 'keyword', collection: 'scifact', topK: 10, collapse: true});
		latencies.push(performance.now() - before);
		rankings[name].push(results.map(hit => hit.id));
		ndcg += ndcgAt(results.map(hit => documentId(hit.fileName)), qrels.get(query.id)!, 10);
	}

	console.log(`${name.padEnd(10)} ${(report.files.length / seconds).toFixed(0).padStart(15)}  ${(ndcg / queries.length).toFixed(4).padStart(15)}  ${percentile(latencies, 50).toFixed(1).padStart(11)}  ${percentile(latencies, 99).toFixed(1).padStart(4)}`);
}

const same = rankings.embedded!.filter((ranking, index) => JSON.stringify(ranking) === JSON.stringify(rankings.postgres![index])).length;
console.log(`\nidentical top 10 (same chunks, same order): ${same} of ${queries.length} queries (${(100 * same / queries.length).toFixed(1)}%)`);
await Promise.all(Object.values(backends).map(async engine => engine.close()));
await database.stop();
await server?.stop();
