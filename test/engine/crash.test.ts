import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import Database from 'better-sqlite3';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {repoRoot, sharedData, temporaryDirectory} from '../helpers/paths.js';
import {statsOf} from '../helpers/stats-of.js';
import {openEmbeddedEngine} from '../helpers/engine.js';

const child = path.join(repoRoot, 'dist', 'test', 'fixtures', 'ingest-child.js');
const corpus = path.join(sharedData, 'powershell-docs', 'corpus', 'reference', '5.1');

test('a process killed in the middle of ingesting a directory leaves whole documents and a consistent index', async t => {
	const dataDir = path.join(temporaryDirectory(), 'data');
	const run = execaNode(child, [dataDir, corpus], {reject: false, buffer: false});
	let committed = 0;
	let total = 0;
	// Kill once several groups are committed and the job is far from done.
	for await (const line of run.iterable()) {
		if (line === 'finished') {
			break;
		}

		const progress = JSON.parse(line) as {processedFiles: number; totalFiles: number};
		committed = progress.processedFiles;
		total = progress.totalFiles;
		if (committed >= 60) {
			run.kill('SIGKILL');
			break;
		}
	}

	const result = await run;
	t.is(result.signal, 'SIGKILL', 'the child was killed, not finished');
	t.true(committed < total);

	// The store: every document has exactly the chunks it says, each with its vector and its BM25 row.
	const db = new Database(path.join(dataDir, 'md-vector.sqlite'), {readonly: true});
	const documents = db.prepare('SELECT d.file_name, d.chunk_count, (SELECT count(*) FROM chunks c WHERE c.document_id = d.id) AS stored FROM documents d').all() as Array<{file_name: string; chunk_count: number; stored: number}>;
	t.true(documents.length >= committed - 1, `${documents.length} documents stored, ${committed} acknowledged`);
	for (const document of documents) {
		t.is(document.stored, document.chunk_count, document.file_name);
	}

	const chunks = db.prepare('SELECT count(*) AS n, count(vector) AS v FROM chunks').get() as {n: number; v: number};
	const fts = db.prepare('SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH \'powershell OR the OR get OR cmdlet\'').get() as {n: number};
	t.is(chunks.v, chunks.n);
	t.true(fts.n > 0);
	db.close();

	// Reopened: the index matches the store, and every stored document can be found.
	const engine = openEmbeddedEngine({dataDir});
	engine.setEmbedder({status: 'ready', embedder: await loadTinyEmbedder()});
	const stats = await statsOf(engine, 'crash');
	t.is(stats.index_vectors, stats.chunks);
	t.is(stats.documents, documents.length);
	const hits = await engine.search({query: 'cmdlet', topK: 100, mode: 'semantic', collection: 'crash'});
	t.is(hits.results.length, Math.min(100, stats.chunks));
	await engine.close();
});
