import {mkdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {serveApp, type AppServer} from '../helpers/app.js';
import {startDaemon, untilReady} from '../helpers/daemon.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';

const roots = temporaryDirectory('md-vector-roots-');
const notes = path.join(roots, 'notes');
mkdirSync(notes);
writeFileSync(path.join(notes, 'garden.md'), '# Garden\n\nTomatoes need sun.\n\n## Basil\n\nBasil likes warmth.\n');
writeFileSync(path.join(notes, 'plain.txt'), 'not markdown');
const outside = temporaryDirectory('md-vector-outside-');
writeFileSync(path.join(outside, 'secret.md'), '# Secret\n');
symlinkSync(path.join(outside, 'secret.md'), path.join(notes, 'link.md'));

// The validation tables run against the daemon's app in this process (a real engine with the tiny model on a
// temporary folder); the model-release test at the end starts a real daemon process.
let app: AppServer;
const daemon = {
	request: async (method: string, route: string, body?: unknown, headers?: Record<string, string>) => app.request(method, route, {body, headers}),
};
test.before(async () => {
	app = await serveApp({embedder: await loadTinyEmbedder(), allowedRoots: () => [notes]});
	const many = Array.from({length: 12}, (_, index) => `## Part ${index}\n\nTomato fact number ${index}.\n`).join('\n');
	await daemon.request('POST', '/api/v1/ingest', {content: `# Many\n\n${many}`, file_name: 'many.md', collection: 'big'});
});
test.after.always(async () => {
	await app?.close();
});

const isError = (t: any, body: any, code: string, pattern?: RegExp) => {
	t.deepEqual(Object.keys(body), ['error']);
	t.is(body.error.code, code);
	t.is(typeof body.error.message, 'string');
	if (pattern) {
		t.regex(body.error.message, pattern);
	}
};

const requestOnce = async (method: string, route: string, body: unknown) => daemon.request(method, route, body);

/** One test per row of a limit table: the request is 400 and the message names the field and the rule. */
function limitTests(route: string, cases: Array<[string, unknown, RegExp]>): void {
	for (const [name, body, pattern] of cases) {
		test(`POST ${route} limit: ${name} is 400`, async t => {
			const response = await requestOnce('POST', `/api/v1${route}`, body);
			t.is(response.status, 400);
			isError(t, response.body, 'invalid_input', pattern);
		});
	}
}

test.serial('GET /health: open, spec fields', async t => {
	const {status, body} = await daemon.request('GET', '/api/v1/health');
	t.is(status, 200);
	t.is(body.status, 'ok');
	t.like(body.checks.chromadb, {status: 'ok', backend: 'embedded'}, 'the spec\'s name, and the real store beside it');
	t.is(typeof body.checks.chromadb.count, 'number');
	t.like(body.checks.embedder, {status: 'ok', dimension: 32});
});

test.serial('POST /ingest with content: the ingest result', async t => {
	const {status, body} = await daemon.request('POST', '/api/v1/ingest', {content: '# Soup\n\nLentil soup recipe.\n', file_name: 'soup.md', collection: 'food'});
	t.is(status, 200);
	t.like(body, {status: 'ok', chunks: 1, file: 'soup.md', collection: 'food'});
});

test.serial('POST /ingest with a safe file_path', async t => {
	const {status, body} = await daemon.request('POST', '/api/v1/ingest', {file_path: path.join(notes, 'garden.md'), collection: 'notes'});
	t.is(status, 200);
	t.like(body, {status: 'ok', chunks: 2, file: 'garden.md', collection: 'notes'});
});

test.serial('GET /collections: name and count of each', async t => {
	const {status, body} = await daemon.request('GET', '/api/v1/collections');
	t.is(status, 200);
	const byName = Object.fromEntries(body.collections.map((entry: {name: string; count: number}) => [entry.name, entry.count]));
	t.like(byName, {food: 1, notes: 2, big: 12});
});

test.serial('POST /search: results with the spec fields and the collection', async t => {
	const {status, body} = await daemon.request('POST', '/api/v1/search', {query: 'basil warmth', collection: 'notes', mode: 'keyword'});
	t.is(status, 200);
	t.is(body.collection, 'notes');
	t.like(body.results[0], {source_file: 'garden.md', section_title: 'Basil', heading_level: 2});
	for (const key of ['id', 'content', 'score']) {
		t.true(key in body.results[0]);
	}
});

test.serial('POST /search: each hit says whether its file changed on disk since it was indexed (null for inline content)', async t => {
	const file = path.join(notes, 'changing.md');
	writeFileSync(file, '# Changing\n\nRhubarb crowns.\n');
	await daemon.request('POST', '/api/v1/ingest', {file_path: file, collection: 'disk'});
	await daemon.request('POST', '/api/v1/ingest', {content: '# Inline\n\nRhubarb leaves.\n', file_name: 'inline.md', collection: 'disk'});
	const changed = async () => Object.fromEntries((await daemon.request('POST', '/api/v1/search', {query: 'rhubarb', collection: 'disk', mode: 'keyword'}))
		.body.results.map((hit: {source_file: string; changed_on_disk: boolean | null}) => [hit.source_file, hit.changed_on_disk]));
	t.deepEqual(await changed(), {'changing.md': false, 'inline.md': null});
	writeFileSync(file, '# Changing\n\nRhubarb crowns, edited.\n');
	t.deepEqual(await changed(), {'changing.md': true, 'inline.md': null});
	rmSync(file);
	t.deepEqual(await changed(), {'changing.md': true, 'inline.md': null}, 'a file that is gone counts as changed');
});

test.serial('POST /search: top_k defaults to 10 and is honoured', async t => {
	t.is((await daemon.request('POST', '/api/v1/search', {query: 'tomato fact', collection: 'big'})).body.results.length, 10);
	t.is((await daemon.request('POST', '/api/v1/search', {query: 'tomato fact', collection: 'big', top_k: 3})).body.results.length, 3);
	t.is((await daemon.request('POST', '/api/v1/search', {query: 'tomato fact', collection: 'big', top_k: 100})).body.results.length, 12);
});

const searchLimits: Array<[string, unknown, RegExp]> = [
	['empty query', {query: ''}, /^query: must be 1 to 2000/],
	['query over 2000 characters', {query: 'x'.repeat(2001)}, /^query: must be 1 to 2000/],
	['missing query', {}, /^query: /],
	['top_k 0', {query: 'a', top_k: 0}, /^top_k: must be an integer from 1 to 100/],
	['top_k 101', {query: 'a', top_k: 101}, /^top_k: must be an integer from 1 to 100/],
	['top_k 2.5', {query: 'a', top_k: 2.5}, /^top_k: /],
	['collection over 128 characters', {query: 'a', collection: 'c'.repeat(129)}, /^collection: must be at most 128/],
	['collection with bad characters', {query: 'a', collection: 'no spaces'}, /^collection: must be 1-128 characters of/],
	['unknown mode', {query: 'a', mode: 'fuzzy'}, /^mode: /],
	['unknown fusion', {query: 'a', fusion: 'average'}, /^fusion: must be 'rrf' or 'convex'/],
	['collapse not a boolean', {query: 'a', collapse: 'yes'}, /^collapse: must be true or false/],
];
limitTests('/search', searchLimits);

test('POST /search on a collection that does not exist is 404', async t => {
	const response = await daemon.request('POST', '/api/v1/search', {query: 'a', collection: 'nothing-here'});
	t.is(response.status, 404);
	isError(t, response.body, 'not_found', /collection 'nothing-here' does not exist/);
});

const ingestLimits: Array<[string, unknown, RegExp]> = [
	['content over 500 KB', {content: 'a'.repeat((500 * 1024) + 1), file_name: 'big.md'}, /^content: must be at most 500 KB/],
	['empty file_name', {content: 'x', file_name: ''}, /^file_name: must be 1 to 255/],
	['file_name over 255 characters', {content: 'x', file_name: `${'n'.repeat(256)}`}, /^file_name: must be 1 to 255/],
	['collection over 128 characters', {content: 'x', collection: 'c'.repeat(129)}, /^collection: must be at most 128/],
	['neither file_path nor content', {file_name: 'a.md'}, /^file_path: give exactly one of file_path or content/],
	['both file_path and content', {file_path: path.join(notes, 'garden.md'), content: 'x'}, /^file_path: give exactly one/],
	['relative file_path', {file_path: 'notes/garden.md'}, /^file_path: must be an absolute path/],
	['file_path with ../ escaping the root', {file_path: `${notes}/../../${path.basename(outside)}/secret.md`}, /^file_path: .* outside the allowed roots/],
	['file_path through a symlink out of the root', {file_path: path.join(notes, 'link.md')}, /^file_path: .* outside the allowed roots/],
	['file_path outside the roots', {file_path: path.join(outside, 'secret.md')}, /^file_path: .* outside the allowed roots/],
	['file_path that is not Markdown', {file_path: path.join(notes, 'plain.txt')}, /^file_path: must be a Markdown file/],
	['file_path that does not exist', {file_path: path.join(notes, 'missing.md')}, /^file_path: .* does not exist/],
	['file_path with a NUL byte', {file_path: `${notes}/a\u0000.md`}, /^file_path: must not contain a NUL/],
];
limitTests('/ingest', ingestLimits);

test('a body over 1 MB is 413', async t => {
	const response = await daemon.request('POST', '/api/v1/ingest', {content: 'a'.repeat(1100 * 1024)});
	t.is(response.status, 413);
	isError(t, response.body, 'payload_too_large');
});

test('a body that is not JSON is 415', async t => {
	const response = await daemon.request('POST', '/api/v1/search', 'query=x', {'content-type': 'text/plain'});
	t.is(response.status, 415);
	isError(t, response.body, 'unsupported_media_type');
});

test('malformed JSON is 400', async t => {
	const response = await daemon.request('POST', '/api/v1/search', '{"query": ', {'content-type': 'application/json'});
	t.is(response.status, 400);
	isError(t, response.body, 'malformed_json');
});

test('an unknown route is 404 with the error shape', async t => {
	const response = await daemon.request('GET', '/api/v1/nope');
	t.is(response.status, 404);
	isError(t, response.body, 'not_found');
});

test.serial('DELETE /documents/{file_name}: 200 deleted, then 404', async t => {
	await daemon.request('POST', '/api/v1/ingest', {content: '# Del\n\nGone soon.\n', file_name: 'dir/sub/del.md', collection: 'del'});
	await daemon.request('POST', '/api/v1/ingest', {content: '# Kept\n\nStays.\n', file_name: 'kept.md', collection: 'del'});
	const deleted = await daemon.request('DELETE', `/api/v1/documents/${encodeURIComponent('dir/sub/del.md')}?collection=del`);
	t.is(deleted.status, 200);
	t.deepEqual(deleted.body, {status: 'ok', file: 'dir/sub/del.md', collection: 'del', deleted_chunks: 1, collection_removed: false, source: null});
	const again = await daemon.request('DELETE', '/api/v1/documents/dir/sub/del.md?collection=del');
	t.is(again.status, 404);
	isError(t, again.body, 'not_found', /does not exist/);
	const search = await daemon.request('POST', '/api/v1/search', {query: 'gone soon', collection: 'del'});
	t.deepEqual(search.body.results.map((hit: {source_file: string}) => hit.source_file), ['kept.md'], 'only the other document is left');
	// Its last document deleted, a collection that follows no folder goes too.
	t.like((await daemon.request('DELETE', '/api/v1/documents/kept.md?collection=del')).body, {collection_removed: true});
	t.is((await daemon.request('POST', '/api/v1/search', {query: 'stays', collection: 'del'})).status, 404);
});

test('DELETE /documents/{file_name}: 400 for an invalid name', async t => {
	for (const name of [encodeURIComponent('../etc/passwd'), 'n'.repeat(256), encodeURIComponent('a\u0000b')]) {
		const response = await daemon.request('DELETE', `/api/v1/documents/${name}`);
		t.is(response.status, 400, name.slice(0, 20));
		isError(t, response.body, 'invalid_input', /^file_name: /);
	}
});

test('after an ingestion goes idle its embedding thread ends; searches answer the same before and after, and the next ingestion starts one again', async t => {
	const daemon = await startDaemon({MD_VECTOR_MODEL_RELEASE_S: '1'});
	try {
		await untilReady(daemon);
		await daemon.request('POST', '/api/v1/ingest', {content: '# Garden\n\nTomatoes need sun.\n\n## Herbs\n\nBasil likes warmth.\n', file_name: 'garden.md', collection: 'idle'});
		const search = async () => (await daemon.request('POST', '/api/v1/search', {query: 'warm herbs', mode: 'semantic', collection: 'idle'})).body.results.map((hit: {id: string; score: number}) => [hit.id, hit.score.toFixed(5)]);
		const before = await search();
		t.truthy(await poll(() => (daemon.log().includes('embedding thread for documents ended after ingestion') ? true : undefined), 20_000), daemon.log());
		t.deepEqual(await search(), before);
		t.like(await daemon.request('POST', '/api/v1/ingest', {content: '# More\n\nMint spreads.\n', file_name: 'more.md', collection: 'idle'}), {status: 200});
	} finally {
		await daemon.stop();
	}
});
