// A probe, not a recorded benchmark: where an import of documents with vectors spends its time in PostgreSQL,
// statement kind by statement kind (the KEP tree chunked by the daemon's chunker, synthetic vectors), beside the
// embedded store writing the same documents. Copy 1 into an empty collection, copy 2 into the collection then
// holding its HNSW index. node dist/bench/postgres/import-profile.js [--sample N] [--copies 2] [--backends embedded,postgres]
import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import pg from 'pg';
import {chunkMarkdown, chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {PostgresStorage} from '../../daemon/engine/storage/postgres/postgres-storage.js';
import {createPool, inTransaction} from '../../daemon/engine/storage/postgres/pool.js';
import {vectorTypeId} from '../../daemon/engine/storage/postgres/vector-binary.js';
import {ensureCollection} from '../../daemon/engine/storage/postgres/collections.js';
import {writeDocuments} from '../../daemon/engine/storage/postgres/write-documents.js';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {DocumentToWrite} from '../../daemon/engine/storage/types.js';
import {startNativeServer} from '../../test/helpers/postgres/native-server.js';
import {testDatabase} from '../../test/helpers/postgres/test-database.js';
import {temporaryDirectory} from '../../test/helpers/paths.js';
import {clusteredVectors} from '../synthetic-vectors.js';
import {walkMarkdown} from '../walk-markdown.js';

const {values: options} = parseArgs({options: {
	sample: {type: 'string', default: '1'}, copies: {type: 'string', default: '2'}, backends: {type: 'string', default: 'embedded,postgres'},
	settings: {type: 'string', default: ''}, 'ab-pipeline': {type: 'boolean', default: false},
	// Variants of the schema or session, each as `label=SQL` run after the migrations, separated by `;;`: copy 1 into a fresh database each, by turns with the schema as it is.
	'ab-sql': {type: 'string', default: ''}, group: {type: 'string', default: '512'},
	// Each copy imported in parts of about this many chunks, one import each, back to back (as search-speed.ts's import does); 0: whole.
	part: {type: 'string', default: '0'}, threshold: {type: 'string', default: '10000'},
}});
const corpus = path.resolve('..', '..', 'shared', 'data', 'kubernetes-keps', 'corpus');
const files = (await walkMarkdown(corpus)).filter((_, index) => index % Number(options.sample) === 0);
const dims = 384;
const fingerprint = {modelId: 'probe-model', dims};

function documentsOf(copy: number): DocumentToWrite[] {
	const vectors = clusteredVectors(dims, copy);
	return files.map(file => {
		const text = readFileSync(path.join(corpus, file), 'utf8');
		const document = chunkMarkdown(text, file);
		return {
			fileName: `${copy === 1 ? '' : `copy-${copy}/`}${file}`, title: document.title, tags: document.tags, contentHash: document.contentHash, byteSize: Buffer.byteLength(text), text,
			chunks: document.chunks.map(chunk => ({...chunk, vector: vectors.next()})),
		};
	});
}

/** Groups of about 512 chunks, as the import spool gives them. */
function * groupsOf(documents: readonly DocumentToWrite[]): Generator<DocumentToWrite[]> {
	let group: DocumentToWrite[] = [];
	let chunks = 0;
	for (const document of documents) {
		group.push(document);
		chunks += document.chunks.length;
		if (chunks >= Number(options.group)) {
			yield group;
			group = [];
			chunks = 0;
		}
	}

	if (group.length > 0) {
		yield group;
	}
}

/** The documents in parts of about `size` chunks (all of them at once for 0). */
function partsOf(documents: readonly DocumentToWrite[], size: number): DocumentToWrite[][] {
	const parts: DocumentToWrite[][] = [[]];
	let chunks = 0;
	for (const document of documents) {
		if (size > 0 && chunks >= size) {
			parts.push([]);
			chunks = 0;
		}

		parts.at(-1)!.push(document);
		chunks += document.chunks.length;
	}

	return parts;
}

// Times every query by its kind (its first words), with the rows it sent (the longest array parameter).
const statements = new Map<string, {count: number; ms: number; rows: number}>();
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
	const [text, values] = args as [unknown, unknown[] | undefined];
	const sql = typeof text === 'string' ? text : (text as {text?: string}).text ?? '?';
	const kind = sql.replaceAll(/\s+/g, ' ').trim().slice(0, 60);
	const rows = Array.isArray(values) ? Math.max(0, ...values.map(value => (Array.isArray(value) ? value.length : 0))) : 0;
	const started = performance.now();
	const result = (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
	if (result && typeof (result as Promise<unknown>).then === 'function') {
		return (result as Promise<unknown>).finally(() => {
			const entry = statements.get(kind) ?? {count: 0, ms: 0, rows: 0};
			entry.count++;
			entry.ms += performance.now() - started;
			entry.rows += rows;
			statements.set(kind, entry);
		});
	}

	return result;
} as typeof pg.Client.prototype.query;

function report(label: string, ms: number, chunks: number): void {
	console.log(`\n${label}: ${chunks} chunks in ${(ms / 1000).toFixed(1)} s, ${(chunks / (ms / 1000)).toFixed(0)} chunks/s`);
	const sorted = [...statements].sort((a, b) => b[1].ms - a[1].ms);
	for (const [kind, {count, ms: spent, rows}] of sorted.slice(0, 12)) {
		console.log(`  ${(spent / 1000).toFixed(2).padStart(7)} s ${String(count).padStart(5)}x ${String(rows).padStart(8)} rows  ${kind}`);
	}

	statements.clear();
}

const sqlVariants = options['ab-sql'].split(';;').filter(Boolean).map(variant => [variant.slice(0, variant.indexOf('=')), variant.slice(variant.indexOf('=') + 1)] as const);
const abVariants = options['ab-pipeline'] ? ['serial', 'pipelined'] : (sqlVariants.length > 0 ? ['as is', ...sqlVariants.map(([label]) => label)] : []);
if (abVariants.length > 0) {
	// Copy 1 into a fresh database, by turns: group after group as before (serial), and through importDocuments (pipelined).
	const server = await startNativeServer();
	process.env.MD_VECTOR_TEST_DATABASE_URL = server.url;
	const documents = documentsOf(1);
	const chunks = documents.reduce((sum, document) => sum + document.chunks.length, 0);
	for (const variant of [...abVariants, ...abVariants]) {
		const database = await testDatabase();
		const storage = await PostgresStorage.open({url: database.url});
		const pool = createPool(database.url, 1);
		const vectorType = await vectorTypeId(pool);
		const sql = sqlVariants.find(([label]) => label === variant)?.[1];
		if (sql) {
			await pool.query(sql);
		}

		const started = performance.now();
		if (variant === 'serial') {
			await inTransaction(pool, async client => {
				const created = await ensureCollection(client, 'keps', chunkerVersion);
				for (const group of groupsOf(documents)) {
					await writeDocuments(client, created, group, vectorType, fingerprint);
				}
			});
		} else {
			await storage.importDocuments('keps', chunkerVersion, {sources: [], moves: [], async * groups() {
				yield * groupsOf(documents);
			}}, fingerprint);
		}

		report(`postgres ${variant} copy 1`, performance.now() - started, chunks);
		await pool.end();
		await storage.close();
		await database.stop();
	}

	await server.stop();
}

/** p50 and max of 20 vector searches (k 10) of the collection, one at a time. */
async function searchTimes(storage: Storage): Promise<string> {
	const collection = (await storage.collection('keps'))!;
	const queries = clusteredVectors(dims, 99);
	const times: number[] = [];
	for (let query = 0; query < 20; query++) {
		const started = performance.now();
		await storage.vectorTopK(collection, queries.next(), 10);
		times.push(performance.now() - started);
	}

	times.sort((a, b) => a - b);
	return `p50 ${times[10]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${(await storage.vectorIndex(collection)).kind})`;
}

const backends = abVariants.length > 0 ? [] : options.backends.split(',');
const copies = abVariants.length > 0 ? 0 : Number(options.copies);
const chunked = Array.from({length: copies}, (_, index) => documentsOf(index + 1));
console.log(`${files.length} files, ${chunked[0]!.reduce((sum, document) => sum + document.chunks.length, 0)} chunks per copy; load ${(await import('node:os')).loadavg().map(value => value.toFixed(2)).join(' ')}`);

for (const backend of backends) {
	const folder = temporaryDirectory('md-vector-import-profile-');
	let server: Awaited<ReturnType<typeof startNativeServer>> | undefined;
	let database: Awaited<ReturnType<typeof testDatabase>> | undefined;
	let storage: Storage;
	if (backend === 'postgres') {
		const settings = Object.fromEntries(options.settings.split(',').filter(Boolean).map(pair => pair.split('=') as [string, string]));
		server = await startNativeServer(settings);
		process.env.MD_VECTOR_TEST_DATABASE_URL = server.url;
		database = await testDatabase();
		storage = await PostgresStorage.open({url: database.url, hnswThreshold: Number(options.threshold), log(line) {
			console.log(`  [${line}]`);
		}});
	} else {
		storage = EmbeddedStorage.open({dataDir: folder, hnswThreshold: Number(options.threshold) * 5, log(line) {
			console.log(`  [${line}]`);
		}});
	}

	try {
		for (const [index, documents] of chunked.entries()) {
			statements.clear();
			const chunks = documents.reduce((sum, document) => sum + document.chunks.length, 0);
			const started = performance.now();
			for (const part of partsOf(documents, Number(options.part))) {
				const vectors = part.reduce((sum, document) => sum + document.chunks.length, 0);
				await storage.importDocuments('keps', chunkerVersion, {sources: [], moves: [], vectors: process.env.PROBE_NO_VECTORS_HINT ? undefined : vectors, async * groups() {
					yield * groupsOf(part);
				}}, fingerprint);
			}

			report(`${backend} copy ${index + 1}`, performance.now() - started, chunks);
			console.log(`  vector search before the index settles: ${await searchTimes(storage)}`);
			const settling = performance.now();
			await storage.settle();
			console.log(`  settled (index build) in ${((performance.now() - settling) / 1000).toFixed(1)} s; vector search then: ${await searchTimes(storage)}`);
		}
	} finally {
		await storage.close();
		await database?.stop();
		await server?.stop();
		rmSync(folder, {recursive: true, force: true});
	}
}
