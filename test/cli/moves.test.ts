// Moves are moves (issue 26 item 1), through the real CLI and daemon: a file found under a new path in
// `update`, `watch` or an `ingest-dir` re-sync keeps its document and takes the new name and path, which every
// view then shows (search, -l, --format path:line, get, GET /documents, MCP) with changed_on_disk false.
import {appendFileSync, mkdirSync, realpathSync, renameSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execa} from 'execa';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {poll} from '../../source/client/poll.js';
import {localTokenHeader} from '../../common/local-token.js';
import {cli, cliPath, type Cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';

type Moved = {from: string; to: string; edited: boolean};
type Hit = {source_file: string; source_path: string | null; changed_on_disk: boolean | null; section_title: string};

const lines = (...texts: string[]) => texts.map(text => `${text}\n`).join('');

const documents = async (md: Cli, collection: string): Promise<string[]> =>
	(await md.json(['documents', '-C', collection])).documents.map((document: {file: string}) => document.file).sort();

/** The top keyword hit of a query, as the API answers it. */
async function topHit(md: Cli, query: string, collection: string): Promise<Hit> {
	return (await md.json(['search', query, '-C', collection, '--mode', 'keyword', '-k', '1'])).results[0] as Hit;
}

/** Every view of the document holding `query` names `file` at `absolute`, unchanged on disk. */
async function viewsShow(t: {is: (a: unknown, b: unknown, message?: string) => void; like: (a: unknown, b: Record<string, unknown>, message?: string) => void}, md: Cli, collection: string, query: string, file: string, absolute: string): Promise<void> {
	t.like(await topHit(md, query, collection), {source_file: file, source_path: absolute, changed_on_disk: false}, 'search --json');
	t.is(String((await md.run(['search', query, '-C', collection, '--mode', 'keyword', '-k', '1', '-l'])).stdout), absolute, 'search -l');
	t.is(String((await md.run(['search', query, '-C', collection, '--mode', 'keyword', '-k', '1', '--format', 'path:line'])).stdout).split(':')[0], absolute, 'search --format path:line');
	const plain = await md.run(['search', query, '-C', collection, '--mode', 'keyword', '-k', '1']);
	t.is(String(plain.stdout).includes('changed on disk'), false, 'plain search: not marked changed');
	const got = await md.run(['get', file, '-C', collection]);
	t.is(got.exitCode, 0);
	t.is(String(got.stderr), '', 'get: no note that the file changed or is gone');
	t.like(await md.json(['get', file, '-C', collection]), {file, source_path: absolute, changed_on_disk: false}, 'get --json');

	const record = md.record()!;
	const headers = {[localTokenHeader]: record.token};
	const api = await fetch(`http://127.0.0.1:${record.port}/api/v1/documents/${encodeURIComponent(file)}?collection=${collection}`, {headers});
	t.like(await api.json(), {file, source_path: absolute, changed_on_disk: false}, 'GET /documents');
	const client = new Client({name: 'moves-test', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${record.port}/mcp`), {requestInit: {headers}}));
	try {
		const found = await client.callTool({name: 'search', arguments: {query, mode: 'keyword', top_k: 1, collection}}) as unknown as {structuredContent: {results: Array<Record<string, unknown>>}};
		t.like(found.structuredContent.results[0], {file, source_path: absolute, changed_on_disk: false}, 'MCP search');
	} finally {
		await client.close();
	}
}

test('update: moved, renamed across folders, swapped and moved-and-edited files keep their documents and take their new paths everywhere', async t => {
	const md = cli();
	t.teardown(md.stop);
	// a.md and b.md have one size: swapped by renames, their mtimes and sizes tell nothing (the sync looks at ctime).
	const root = realpathSync(makeTree({
		'apple.md': lines('# Apple', '', 'apple pie recipe'), 'pear.md': lines('# Pear', '', 'pear tart'),
		'notes/plum.md': lines('plum jam without a heading'), 'a.md': lines('# A', '', 'alpha'), 'b.md': lines('# B', '', 'bravo'),
		'c.md': lines('# Cherry', '', 'cherry one', 'cherry two', 'cherry three', 'cherry four'),
	}));
	await md.json(['ingest-dir', root, '-C', 'm']);

	mkdirSync(path.join(root, 'fruit'));
	renameSync(path.join(root, 'apple.md'), path.join(root, 'fruit', 'apricot.md'));
	renameSync(path.join(root, 'notes', 'plum.md'), path.join(root, 'damson.md'));
	renameSync(path.join(root, 'a.md'), path.join(root, 'x.md'));
	renameSync(path.join(root, 'b.md'), path.join(root, 'a.md'));
	renameSync(path.join(root, 'x.md'), path.join(root, 'b.md'));
	mkdirSync(path.join(root, 'sub'));
	renameSync(path.join(root, 'c.md'), path.join(root, 'sub', 'cherries.md'));
	appendFileSync(path.join(root, 'sub', 'cherries.md'), 'cherry five\n');

	const update = await md.run(['update', '--json']);
	t.is(update.exitCode, 0, String(update.stderr));
	const job = JSON.parse(String(update.stdout));
	const part = job.report.sync.collections[0].sources[0];
	t.deepEqual(part.moved as Moved[], [
		{from: 'b.md', to: 'a.md', edited: false}, {from: 'a.md', to: 'b.md', edited: false}, {from: 'notes/plum.md', to: 'damson.md', edited: false},
		{from: 'apple.md', to: 'fruit/apricot.md', edited: false}, {from: 'c.md', to: 'sub/cherries.md', edited: true},
	]);
	t.like(part, {added: [], changed: [], removed: [], renamed: [], unchanged: 1});
	t.like(job.report, {indexed: 0, moved: 5, unchanged: 1, failed: 0});
	const outcomes = Object.fromEntries(job.report.files.map((file: {file: string; status: string; from?: string}) => [file.file, `${file.status}${file.from ? ` from ${file.from}` : ''}`]));
	t.deepEqual(outcomes, {
		'a.md': 'moved from b.md', 'b.md': 'moved from a.md', 'damson.md': 'moved from notes/plum.md', 'fruit/apricot.md': 'moved from apple.md',
		'sub/cherries.md': 'moved from c.md', 'pear.md': 'unchanged',
	});
	t.deepEqual(await documents(md, 'm'), ['a.md', 'b.md', 'damson.md', 'fruit/apricot.md', 'pear.md', 'sub/cherries.md']);

	await viewsShow(t, md, 'm', 'apple', 'fruit/apricot.md', path.join(root, 'fruit', 'apricot.md'));
	await viewsShow(t, md, 'm', 'bravo', 'a.md', path.join(root, 'a.md'));
	await viewsShow(t, md, 'm', 'alpha', 'b.md', path.join(root, 'b.md'));
	await viewsShow(t, md, 'm', 'five', 'sub/cherries.md', path.join(root, 'sub', 'cherries.md'));
	// Without a heading, a document is titled after its file: the moved one is titled after its new name.
	t.like(await topHit(md, 'plum', 'm'), {source_file: 'damson.md', section_title: 'damson', changed_on_disk: false});
	t.is(String((await md.run(['get', 'sub/cherries.md:7', '-C', 'm'])).stdout), 'cherry five', 'the edit is indexed');

	// Nothing left to do: the next sync moves nothing.
	const again = await md.json(['update']);
	t.like(again.report, {indexed: 0, moved: 0, unchanged: 6});

	// Plain output lists and counts the move, never as unchanged.
	renameSync(path.join(root, 'pear.md'), path.join(root, 'fruit', 'pear.md'));
	const plain = await md.run(['update']);
	t.is(plain.exitCode, 0);
	t.regex(String(plain.stdout), /^ {2}moved {6}pear\.md → fruit\/pear\.md$/m);
	t.regex(String(plain.stdout), /Done: 0 files indexed, 1 moved, 5 unchanged, 0 failed, /);
});

test('ingest-dir again and watch: a moved file is moved in their syncs too', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = realpathSync(makeTree({'guide.md': lines('# Guide', '', 'install the compost tools'), 'other.md': lines('# Other', '', 'nothing')}));
	await md.json(['ingest-dir', root, '-C', 'w']);
	renameSync(path.join(root, 'guide.md'), path.join(root, 'setup.md'));
	const resync = await md.json(['ingest-dir', root, '-C', 'w']);
	t.deepEqual(resync.report.sync.collections[0].sources[0].moved, [{from: 'guide.md', to: 'setup.md', edited: false}]);
	t.like(resync.report, {indexed: 0, moved: 1, unchanged: 1});
	await viewsShow(t, md, 'w', 'compost', 'setup.md', path.join(root, 'setup.md'));

	const watching = execa('node', [cliPath, 'watch', '-C', 'w', '--json'], {env: md.environment, reject: false});
	t.teardown(() => watching.kill());
	const events: Array<{event: string; sources?: Array<{moved: Moved[]}>}> = [];
	let buffered = '';
	watching.stdout.on('data', (chunk: Buffer) => {
		buffered += chunk.toString();
		const complete = buffered.split('\n');
		buffered = complete.pop()!;
		events.push(...complete.map(line => JSON.parse(line) as {event: string}));
	});
	t.truthy(await poll(() => (events.some(event => event.event === 'ready') ? true : undefined), 60_000), 'watch is ready');

	mkdirSync(path.join(root, 'guides'));
	renameSync(path.join(root, 'setup.md'), path.join(root, 'guides', 'install.md'));
	const moved = await poll(() => events.find(event => event.event === 'sync' && event.sources?.some(source => source.moved.length > 0)), 60_000);
	t.deepEqual(moved?.sources?.[0]?.moved, [{from: 'setup.md', to: 'guides/install.md', edited: false}]);
	t.deepEqual(await documents(md, 'w'), ['guides/install.md', 'other.md']);
	await viewsShow(t, md, 'w', 'compost', 'guides/install.md', path.join(root, 'guides', 'install.md'));
});
