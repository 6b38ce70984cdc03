// npm run bench:postgres-search [-- --size N]: the two rankings a hybrid search asks the storage for (keyword
// top-k and vector top-k, together, as the engine runs them) on the PostgreSQL backend beside the embedded one,
// one run, one machine; and the recall@10 of each vector index (HNSW above the threshold) against exact search.
// Chunks: SciFact abstracts' texts (for BM25) with synthetic clustered 384-dimension unit vectors (no model: the
// numbers are the stores'). PostgreSQL: a native PostgreSQL 18 + pgvector started here (PostgreSQL's default
// settings), unless MD_VECTOR_TEST_DATABASE_URL names a server of your own (a database is made on it).
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import {chunkerVersion} from '../daemon/engine/chunker/chunk-markdown.js';
import {keywordTerms} from '../common/text/keyword-query.js';
import {EmbeddedStorage} from '../daemon/engine/storage/embedded/embedded-storage.js';
import {PostgresStorage} from '../daemon/engine/storage/postgres/postgres-storage.js';
import type {Storage} from '../daemon/engine/storage/storage.js';
import type {DocumentToWrite} from '../daemon/engine/storage/types.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {startNativeServer} from '../test/helpers/postgres/native-server.js';
import {testDatabase} from '../test/helpers/postgres/test-database.js';
import {checkLoad, machine, percentile, underLoadOption} from './machine.js';
import {loadScifact} from './eval/scifact.js';
import {clusteredVectors} from './synthetic-vectors.js';
import {serverDescription} from './postgres/server-description.js';

const {values} = parseArgs({options: {size: {type: 'string', default: '10000'}, queries: {type: 'string', default: '200'}, threshold: {type: 'string', default: '1000'}, ...underLoadOption}});
const load = checkLoad(values['under-load']);
const size = Number(values.size);
const dims = 384;
const threshold = Number(values.threshold);
const fingerprint = {modelId: 'synthetic', dims};
const {corpus, queries} = loadScifact(path.resolve('..', 'shared', 'data', 'scifact'));
const vectors = clusteredVectors(dims);
const all: Float32Array[] = [];
const documents: DocumentToWrite[] = [];
for (let document = 0; document * 10 < size; document++) {
	const chunks = Array.from({length: Math.min(10, size - (document * 10))}, (_, ordinal) => {
		const index = (document * 10) + ordinal;
		const vector = vectors.next();
		all.push(vector);
		const {text} = corpus[index % corpus.length]!;
		return {
			ordinal, sectionTitle: `Section ${ordinal}`, headingLevel: 2, headingPath: [`Doc ${document}`, `Section ${ordinal}`], content: text,
			startLine: ordinal * 10, endLine: (ordinal * 10) + 9, tokens: 100, hash: `h${index}`, vector,
		};
	});
	documents.push({fileName: `doc-${document}.md`, title: `Doc ${document}`, tags: [], contentHash: `d${document}`, byteSize: 1000, chunks});
}

const probes = Array.from({length: Number(values.queries)}, (_, index) => ({text: queries[index % queries.length]!.text, vector: vectors.next()}));
/** The exact 10 nearest of every probe, by inner product over every vector (ordinal in `all`). */
const exact = probes.map(({vector}) => all.map((candidate, index) => {
	let dot = 0;
	for (let i = 0; i < dims; i++) {
		dot += candidate[i]! * vector[i]!;
	}

	return {index, dot};
}).sort((a, b) => b.dot - a.dot).slice(0, 10).map(entry => entry.index));

const server = process.env.MD_VECTOR_TEST_DATABASE_URL ? undefined : await startNativeServer();
if (server) {
	process.env.MD_VECTOR_TEST_DATABASE_URL = server.url;
}

const database = await testDatabase();
console.log(`md-vector bench: PostgreSQL beside the embedded store, ${size} chunks (${dims} dimensions), ${probes.length} queries`);
console.log(`machine: ${machine()}`);
console.log(`PostgreSQL: ${await serverDescription(database.url)}\n`);
console.log('backend    write (chunks/s)  index build (s)  index  recall@10  hybrid rankings p50  p99 (ms)');
const backends: Record<string, Storage> = {
	embedded: EmbeddedStorage.open({dataDir: temporaryDirectory('md-vector-pg-search-'), hnswThreshold: threshold}),
	postgres: await PostgresStorage.open({url: database.url, hnswThreshold: threshold}),
};
for (const [name, storage] of Object.entries(backends)) {
	const collection = await storage.ensureCollection('bench', chunkerVersion);
	let started = performance.now();
	for (let first = 0; first < documents.length; first += 100) {
		await storage.writeDocuments(collection, documents.slice(first, first + 100), fingerprint);
	}

	const writeSeconds = (performance.now() - started) / 1000;
	started = performance.now();
	await storage.settle();
	const buildSeconds = (performance.now() - started) / 1000;
	const current = (await storage.collection('bench'))!;
	const rowids = new Map<number, number>();
	for (const document of await storage.documents(current)) {
		for (const chunk of await storage.chunksOfDocument(current, document.fileName)) {
			rowids.set(chunk.rowid, (Number(document.fileName.slice(4, -3)) * 10) + chunk.ordinal);
		}
	}

	let found = 0;
	const latencies: number[] = [];
	for (const [index, probe] of probes.entries()) {
		const before = performance.now();
		const [nearest] = await Promise.all([
			storage.vectorTopK(current, probe.vector, 10),
			storage.keywordTopK([current], keywordTerms(probe.text), 10, [2, 1.5, 1]),
		]);
		latencies.push(performance.now() - before);
		const truth = new Set(exact[index]);
		found += nearest.filter(hit => truth.has(rowids.get(hit.rowid)!)).length;
	}

	const {kind} = await storage.vectorIndex(current);
	console.log(`${name.padEnd(10)} ${(size / writeSeconds).toFixed(0).padStart(16)}  ${buildSeconds.toFixed(1).padStart(15)}  ${kind.padEnd(5)}  ${(found / (10 * probes.length)).toFixed(3).padStart(9)}  ${percentile(latencies, 50).toFixed(1).padStart(19)}  ${percentile(latencies, 99).toFixed(1).padStart(4)}`);
	await storage.close();
}

await database.stop();
await server?.stop();

console.log(load.finish());
