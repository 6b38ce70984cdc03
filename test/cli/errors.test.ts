// The exit code table (0 done, 1 failed, 2 usage or refused input, 130 cancelled), applied to every kind of bad
// value, with one line on stderr and, under --json, exactly one JSON document on stdout: {"error": {...}}.
import {createServer, type AddressInfo} from 'node:net';
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli, type Cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {writeNotes} from '../helpers/trees.js';

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	await new Promise(resolve => server.close(resolve));
	return port;
}

type Case = readonly [args: string[], exitCode: number, message: RegExp, code: string];

/** Runs each case as typed and again with --json: the same exit code and line; with --json also the error document. */
async function checkTable(t: any, md: Cli, cases: readonly Case[]) {
	for (const [args, exitCode, message, code] of cases) {
		const plain = await md.run(args);
		t.is(plain.exitCode, exitCode, args.join(' '));
		t.is(String(plain.stdout), '', `${args.join(' ')}: nothing on stdout`);
		const lines = String(plain.stderr).trim().split('\n');
		t.is(lines.length, 1, String(plain.stderr));
		t.regex(lines[0]!, message, args.join(' '));

		const json = await md.run([...args, '--json']);
		t.is(json.exitCode, exitCode, `${args.join(' ')} --json`);
		t.deepEqual(JSON.parse(String(json.stdout)), {error: {code, message: lines[0]!.replace(/^md-vector: /, '')}}, `${args.join(' ')} --json: one JSON document`);
	}
}

test('usage errors and refused input exit 2, whatever the command and the kind of value', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.run(['collections']); // started first: its one-time notice is not part of what is checked
	const folder = temporaryDirectory();
	mkdirSync(path.join(folder, 'sub'));
	await checkTable(t, md, [
		[['serach', 'foo'], 2, /^md-vector: unknown command 'serach' \(did you mean search\?\); md-vector --help lists the commands$/, 'unknown_command'],
		[['search', 'x', '--colapse'], 2, /^md-vector: unknown option '--colapse' for md-vector search \(did you mean --collapse\?\)/, 'unknown_option'],
		[['search', '-plugin'], 2, /^md-vector: unknown option '-plugin' for md-vector search; a query starting with - goes after --: md-vector search -- '-plugin'; see md-vector search --help$/, 'unknown_option'],
		[['search', 'x', '--where', 'tags'], 2, /^md-vector: --where must be KEY=VALUE \(a front matter field and its value, as status=draft\), got 'tags'$/, 'invalid_value'],
		[['config', 'set', 'prot', '7000'], 2, /got 'prot' \(did you mean port\?\)$/, 'invalid_value'],
		[['search', 'kubectl', '-k'], 2, /^md-vector: -k needs a value \(N\): number of results, 1 to 100$/, 'missing_value'],
		[['search', 'kubectl', '--mode'], 2, /^md-vector: --mode needs a value/, 'missing_value'],
		[['search', 'x', '-k', '0'], 2, /^md-vector: -k must be a whole number from 1 to 100, got '0'$/, 'invalid_value'],
		[['search', 'x', '-k', 'many'], 2, /^md-vector: -k must be a whole number from 1 to 100, got 'many'$/, 'invalid_value'],
		[['search', 'x', '--mode', 'foo'], 2, /^md-vector: --mode must be hybrid, semantic or keyword, got 'foo'$/, 'invalid_value'],
		[['search', 'x', '--mode', 'semntic'], 2, /got 'semntic' \(did you mean semantic\?\)$/, 'invalid_value'],
		[['search', 'x', '--fusion', 'bogus'], 2, /^md-vector: --fusion must be rrf or convex, got 'bogus'$/, 'invalid_value'],
		[['search', 'x', '--collapse=yes'], 2, /^md-vector: --collapse takes no value, got 'yes'$/, 'invalid_value'],
		[['search', 'two', 'words'], 2, /^md-vector: unexpected argument 'words': md-vector search takes QUERY \(quote words that belong together\)$/, 'too_many_arguments'],
		[['search'], 2, /^md-vector: missing QUERY/, 'missing_argument'],
		[['search', 'x'.repeat(2001)], 2, /^md-vector: the query: must be 1 to 2000 characters$/, 'invalid_input'],
		[['search', 'x', '-C', 'bad name!'], 2, /^md-vector: -C: must be 1-128 characters/, 'invalid_input'],
		[['stats', '-C', 'bad name!'], 2, /^md-vector: -C: must be 1-128 characters/, 'invalid_input'],
		[['ingest', 'a.md', '--incremental', '--force'], 2, /^md-vector: --incremental and --force cannot be used together/, 'invalid_input'],
		[['ingest', folder], 2, new RegExp(String.raw`^md-vector: ${folder} is a folder: index a folder with md-vector ingest-dir ${folder}$`), 'invalid_input'],
		[['delete', 'notes/../other.md'], 2, /^md-vector: notes\/\.\.\/other\.md: must not contain a '\.\.' path segment$/, 'invalid_input'],
		[['capabilities', 'explain'], 2, /^md-vector: --client LABEL is required/, 'missing_value'],
		[['config', 'set', 'port', '99999'], 2, /^md-vector: port must be a port number from 0 to 65535, got '99999'$/, 'invalid_value'],
	]);
	for (const args of [['export', '-f', 'xml'], ['serve', '-p', '70000'], ['completion', 'tcsh'], ['stop', '--later'], ['config', 'get', 'rate_limit']]) {
		const result = await md.run(args);
		t.is(result.exitCode, 2, args.join(' '));
		t.regex(String(result.stderr), /^md-vector: [^\n]+$/, args.join(' '));
	}
});

test('failures exit 1: nothing found is not one; unknown names list what exists', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.run(['ingest-dir', writeNotes(1, 1), '-C', 'notes']);
	await checkTable(t, md, [
		[['delete', 'nope.md', '-C', 'notes'], 1, /^md-vector: document 'nope\.md' does not exist in collection 'notes'; md-vector documents -C notes lists its 1 document$/, 'not_found'],
		[['delete', 'f0/nte-0.md', '-C', 'notes'], 1, /^md-vector: document 'f0\/nte-0\.md' does not exist in collection 'notes'; nearest: f0\/note-0\.md$/, 'not_found'],
		[['stats', '-C', 'nothing-here'], 1, /^md-vector: collection 'nothing-here' does not exist; existing collections: notes$/, 'not_found'],
		// Without -C a command means 'default': the error says how to name another, and search how to take them all.
		[['stats'], 1, /^md-vector: collection 'default' does not exist; existing collections: notes; name one with -C NAME$/, 'not_found'],
		[['delete', 'f0/note-0.md'], 1, /^md-vector: collection 'default' does not exist; existing collections: notes; name one with -C NAME$/, 'not_found'],
		[['search', 'gardens'], 1, /^md-vector: collection 'default' does not exist; existing collections: notes; name one with -C NAME, or search them all with --all$/, 'not_found'],
		[['documents', '-C', 'nothing-here'], 1, /existing collections: notes$/, 'not_found'],
		[['import', path.join(temporaryDirectory(), 'gone.jsonl')], 1, /^md-vector: .*gone\.jsonl: does not exist$/, 'file_error'],
		[['ingest', path.join(temporaryDirectory(), 'missing.md')], 1, /^md-vector: .*missing\.md: does not exist$/, 'file_error'],
		[['ingest-dir', path.join(temporaryDirectory(), 'missing')], 1, /^md-vector: .*missing: does not exist$/, 'file_error'],
	]);
	const exported = await md.run(['export', '-C', 'notes', '-o', path.join(temporaryDirectory(), 'no', 'such', 'folder', 'out.json')]);
	t.is(exported.exitCode, 1);
	t.regex(String(exported.stderr), /^md-vector: cannot write .*out\.json: the folder .*\/no\/such\/folder does not exist$/, 'named as typed, no temporary file');
	const nothing = await md.run(['search', 'zebra', '--mode', 'keyword', '-C', 'notes', '--json']);
	t.is(nothing.exitCode, 0);
	t.deepEqual(JSON.parse(String(nothing.stdout)).results, []);
});

test('an unreachable daemon exits 1 with one line, and one JSON document under --json', async t => {
	const port = await closedPort();
	const md = cli({MD_VECTOR_URL: `http://127.0.0.1:${port}`});
	await checkTable(t, md, [
		[['collections'], 1, new RegExp(String.raw`^md-vector: cannot reach the md-vector daemon at http://127\.0\.0\.1:${port}/api/v1 \(ECONNREFUSED\)$`), 'daemon_unreachable'],
	]);
});
