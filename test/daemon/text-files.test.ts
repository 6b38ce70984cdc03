// Issue 16, item 9, through the daemon: a file that is not text fails with its reason in ingest-dir's per-file
// report and in POST /ingest with file_path (400); inline content with NUL is 400; UTF-16 with a mark is indexed.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {temporaryDirectory} from '../helpers/paths.js';

const folder = temporaryDirectory('md-vector-text-');
writeFileSync(path.join(folder, 'good.md'), '# Good\n\nPlain UTF-8 about compost.\n');
writeFileSync(path.join(folder, 'latin1.md'), Buffer.from('# Crème brûlée\n\nDessert.\n', 'latin1'));
writeFileSync(path.join(folder, 'random.md'), Buffer.from(Array.from({length: 2048}, (_, index) => ((index * 7919) + 13) % 256)));
writeFileSync(path.join(folder, 'utf16-no-mark.md'), Buffer.from('# Tea\n\nGreen tea.\n', 'utf16le'));
writeFileSync(path.join(folder, 'utf16.md'), Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from('# Sencha\n\nGreen tea from Shizuoka 静岡.\n', 'utf16le')]));

let daemon: RunningDaemon;
test.before(async () => {
	daemon = await startDaemon({MD_VECTOR_ALLOWED_ROOTS: folder});
	await untilReady(daemon);
});
test.after.always(async () => {
	await daemon?.stop();
});

test('ingest-dir: each non-text file fails with its reason; UTF-8 and UTF-16 with a mark are indexed', async t => {
	const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'text'});
	t.is(started.status, 202);
	const job = await poll(async () => {
		const {body} = await daemon.request('GET', `/api/v1/jobs/${started.body.job.id as string}`);
		return body.job.state === 'running' ? undefined : body.job;
	}, 60_000);
	const outcomes = Object.fromEntries((job.report.files as Array<{file: string; status: string; error?: string}>).map(file => [file.file, file.error ?? file.status]));
	t.deepEqual(outcomes, {
		'good.md': 'indexed',
		'latin1.md': 'the file: is not UTF-8 text: byte 0xE8 at offset 4 is not valid UTF-8 (save it as UTF-8, or as UTF-16 with a byte-order mark)',
		'random.md': 'the file: is not UTF-8 text: byte 0xFC at offset 1 is not valid UTF-8 (save it as UTF-8, or as UTF-16 with a byte-order mark)',
		'utf16-no-mark.md': 'the file: contains a NUL byte at offset 1: a binary file, or UTF-16 without a byte-order mark; Markdown is text',
		'utf16.md': 'indexed',
	});
	const found = await daemon.request('POST', '/api/v1/search', {query: '静岡 sencha', mode: 'keyword', collection: 'text'});
	t.is(found.body.results[0]?.source_file, 'utf16.md');
	const documents = await daemon.request('GET', '/api/v1/documents?collection=text');
	t.deepEqual(documents.body.documents.map((document: {file: string}) => document.file).sort(), ['good.md', 'utf16.md']);
});

test('POST /ingest with file_path of a non-text file: 400 naming the field, the file and the byte', async t => {
	const {status, body} = await daemon.request('POST', '/api/v1/ingest', {file_path: path.join(folder, 'latin1.md'), collection: 'text2'});
	t.is(status, 400);
	t.deepEqual(body, {error: {code: 'invalid_input', message: `file_path: ${path.join(folder, 'latin1.md')}: is not UTF-8 text: byte 0xE8 at offset 4 is not valid UTF-8 (save it as UTF-8, or as UTF-16 with a byte-order mark)`}});
	t.is((await daemon.request('GET', '/api/v1/documents?collection=text2')).status, 404, 'nothing was stored: the collection was not even made');
});

test('POST /ingest with content holding NUL or an unpaired surrogate: 400', async t => {
	const nul = await daemon.request('POST', '/api/v1/ingest', {content: '# a\n\nb\u0000c', file_name: 'nul.md', collection: 'text3'});
	t.is(nul.status, 400);
	t.is(nul.body.error.message, 'content: contains a NUL character at character 6; Markdown is text');
	const surrogate = await daemon.request('POST', '/api/v1/ingest', String.raw`{"content": "# a \ud800", "file_name": "s.md", "collection": "text3"}`);
	t.is(surrogate.status, 400);
	t.regex(surrogate.body.error.message, /^content: holds an unpaired surrogate \(U\+D800\)/);
});
