import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {writeNotes} from '../helpers/trees.js';

const specFields = ['id', 'content', 'source_file', 'section_title', 'heading_level', 'score'];

test('ingest-dir, then search in every mode with -k and -C; --json is exactly the API response', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = writeNotes(3, 10);
	const job = await md.json(['ingest-dir', root, '-C', 'garden']);
	t.like(job, {state: 'completed', collection: 'garden', progress: {total_files: 30, indexed: 30, unchanged: 0, failed: 0}});
	t.is(job.report.files.length, 30);
	t.true(job.report.files.every((file: {status: string}) => file.status === 'indexed'));

	for (const mode of ['hybrid', 'semantic', 'keyword']) {
		const response = await md.json(['search', 'gardens soil', '-k', '4', '--mode', mode, '-C', 'garden']);
		t.is(response.mode, mode);
		t.is(response.collection, 'garden');
		t.is(response.results.length, 4, mode);
		for (const result of response.results) {
			t.deepEqual(specFields.filter(field => !(field in result)), [], `${mode}: every spec field`);
		}
	}

	const convex = await md.json(['search', 'gardens soil', '-k', '4', '--fusion', 'convex', '-C', 'garden']);
	t.is(convex.results.length, 4, 'hybrid with score-normalised fusion');
	const collapsed = await md.json(['search', 'gardens soil', '-k', '30', '--collapse', '--mode', 'keyword', '-C', 'garden']);
	t.is(new Set(collapsed.results.map((hit: {source_file: string}) => hit.source_file)).size, collapsed.results.length, '--collapse: one hit per file');

	const readable = await md.run(['search', 'gardens soil', '-k', '2', '-C', 'garden']);
	t.is(readable.exitCode, 0);
	t.regex(String(readable.stdout), /^ 1\. \d\.\d{4} {2}f\d\/note-\d+\.md:\d+-\d+$/m, 'rank, score, file and lines');
	t.regex(String(readable.stdout), /⟦gardens⟧ and ⟦soil⟧/, 'query terms marked (NO_COLOR: ⟦ ⟧)');
	t.regex(String(readable.stdout), /2 results in 'garden' \(hybrid/);
	t.false(String(readable.stdout).includes('\u001B'), 'no escape codes in piped output');
});

test('ingest FILE: indexed, --incremental skips it unchanged, --force re-indexes, -C picks the collection', async t => {
	const md = cli();
	t.teardown(md.stop);
	const file = path.join(temporaryDirectory(), 'guide.md');
	const {writeFileSync} = await import('node:fs');
	writeFileSync(file, '# Guide\n\nHow to prune roses in spring.\n\n## Tools\n\nShears and gloves.\n');
	t.like(await md.json(['ingest', file, '-C', 'docs']), {status: 'ok', file: 'guide.md', collection: 'docs', outcome: 'indexed', chunks: 2});
	t.like(await md.json(['ingest', file, '-C', 'docs', '--incremental']), {outcome: 'unchanged', chunks: 2});
	t.like(await md.json(['ingest', file, '-C', 'docs', '--force']), {outcome: 'indexed', chunks: 2});
	t.like(await md.json(['ingest', file, '--name', 'garden/guide.md']), {file: 'garden/guide.md', collection: 'default'});
	const plain = await md.run(['ingest', file, '-C', 'docs', '--incremental']);
	t.is(String(plain.stdout), 'unchanged guide.md: 2 chunks already in \'docs\' (skipped)');
});

test('a second ingest-dir --incremental of an unchanged tree skips every file', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = writeNotes(4, 25);
	t.like(await md.json(['ingest-dir', root]), {progress: {indexed: 100}});
	const again = await md.json(['ingest-dir', root, '--incremental']);
	t.like(again, {state: 'completed', progress: {total_files: 100, indexed: 0, unchanged: 100, failed: 0}});
	t.true(again.report.files.every((file: {status: string}) => file.status === 'unchanged'));
	const plain = await md.run(['ingest-dir', root, '--incremental']);
	t.regex(String(plain.stdout), /^Done: 0 files indexed, 100 unchanged, 0 failed/m);
	t.regex(String(plain.stderr), /^(?:ingest-dir: (?:finding the Markdown files|reading \d+\/100 files, [^\n]*|\d+\/100 files written, [^\n]*)(?:\n|$))*$/, 'progress goes to stderr as plain lines, if any');
});

test('collections, documents, stats and delete', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = writeNotes(1, 5);
	await md.json(['ingest-dir', root, '-C', 'small']);
	const {collections} = await md.json(['collections']);
	t.is(collections.length, 1);
	t.like(collections[0], {name: 'small', count: 10, documents: 5, sources: 1});
	const listing = await md.json(['documents', '-C', 'small']);
	t.deepEqual(listing.documents.map((document: {file: string}) => document.file).sort(), ['f0/note-0.md', 'f0/note-1.md', 'f0/note-2.md', 'f0/note-3.md', 'f0/note-4.md']);
	const stats = await md.json(['stats', '-C', 'small']);
	t.like(stats, {collection: 'small', documents: 5, chunks: 10, vectors: 10, index_vectors: 10, model: 'tiny', dims: 32});
	t.true(stats.disk_bytes > 0);
	t.like(await md.json(['delete', 'f0/note-3.md', '-C', 'small']), {status: 'ok', file: 'f0/note-3.md', collection: 'small', deleted_chunks: 2});
	t.like(await md.json(['stats', '-C', 'small']), {documents: 4, chunks: 8, index_vectors: 8});
	const readable = await md.run(['stats', '-C', 'small']);
	t.regex(String(readable.stdout), /^chunks {5}8$/m);
	t.regex(String(readable.stdout), /^model {6}tiny$/m);
});

test('export then import restores the collection with its vectors: no model needed, same search results', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = writeNotes(2, 10);
	await md.json(['ingest-dir', root, '-C', 'original']);
	const file = path.join(temporaryDirectory(), 'original.jsonl');
	t.is((await md.run(['export', '-o', file, '-f', 'jsonl', '-C', 'original'])).exitCode, 0);
	const header = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!);
	t.like(header, {format: 'md-vector-export', collection: 'original', model_id: 'tiny', dims: 32});

	// Import into a daemon that has no model at all: every vector it then holds came from the file.
	await md.stop();
	const modelless = cli({MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1'}, md.home);
	t.like(await modelless.json(['import', file, '-C', 'copy']), {status: 'ok', collection: 'copy', documents: 20, chunks: 40});
	t.like(await modelless.json(['stats', '-C', 'copy']), {chunks: 40, vectors: 40, index_vectors: 40, model: 'tiny'});
	await modelless.stop();

	for (const mode of ['semantic', 'hybrid']) {
		const before = await md.json(['search', 'soil number 3', '--mode', mode, '-C', 'original']);
		const after = await md.json(['search', 'soil number 3', '--mode', mode, '-C', 'copy']);
		const ranking = (response: {results: Array<{source_file: string; start_line: number; score: number}>}) => response.results.map(hit => [hit.source_file, hit.start_line, hit.score]);
		t.true(before.results.length > 0);
		t.deepEqual(ranking(after), ranking(before), mode);
	}
});

test('export formats: json to stdout, csv and md to files', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.json(['ingest-dir', writeNotes(1, 3)]);
	const json = await md.run(['export']);
	t.like(JSON.parse(String(json.stdout)), {format: 'md-vector-export', collection: 'default'});
	t.is(JSON.parse(String(json.stdout)).documents.length, 3);
	const directory = temporaryDirectory();
	await md.run(['export', '-f', 'csv', '-o', path.join(directory, 'out.csv')]);
	await md.run(['export', '-f', 'md', '-o', path.join(directory, 'out.md')]);
	const csv = readFileSync(path.join(directory, 'out.csv'), 'utf8').trim().split('\n');
	t.is(csv[0], 'id,source_file,section_title,heading_level,heading_path,start_line,end_line,content');
	t.is(csv.length, 1 + 6);
	t.regex(readFileSync(path.join(directory, 'out.md'), 'utf8'), /^# Collection default$/m);
});
