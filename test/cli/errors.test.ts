import {createServer, type AddressInfo} from 'node:net';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
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

/** One clear line on stderr, nothing on stdout. */
function oneLine(t: any, result: {stdout: unknown; stderr: unknown}, pattern: RegExp) {
	t.is(String(result.stdout), '');
	const lines = String(result.stderr).trim().split('\n');
	t.is(lines.length, 1, String(result.stderr));
	t.regex(lines[0]!, pattern);
}

test('bad input exits 2 with one line naming the problem', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.run(['collections']); // started first: its one-time notice is not part of what is checked
	const cases: Array<[string[], RegExp]> = [
		[['search', 'x', '-k', '0'], /^md-vector: -k must be a whole number from 1 to 100, got '0'$/],
		[['search', 'x', '-k', 'many'], /^md-vector: -k must be a whole number from 1 to 100/],
		[['search', 'x', '-k', '0', '--json'], /^md-vector: -k must be a whole number from 1 to 100, got '0'$/],
		[['search', '--json', 'x', '-C', 'bad name!'], /^md-vector: collection: /],
		[['stats', '-C', 'bad name!', '--json'], /^md-vector: collection: /],
		[['search', 'x'.repeat(2001), '--json'], /^md-vector: query: must be 1 to 2000 characters$/],
		[['search', 'x', '-C', 'bad name!'], /^md-vector: collection: /],
		[['ingest', 'a.md', '--incremental', '--force'], /^md-vector: --incremental and --force cannot be used together/],
		[['ingest', path.join(temporaryDirectory(), 'missing.md')], /^md-vector: file_path: .*does not exist/],
		[['serve', '-p', '70000'], /^md-vector: -p must be a port number from 0 to 65535, got '70000'$/],
	];
	for (const [args, pattern] of cases) {
		const result = await md.run(args);
		t.is(result.exitCode, 2, args.join(' '));
		oneLine(t, result, pattern);
	}
});

test('failures exit 1 with one line; nothing found is not a failure', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.run(['ingest-dir', writeNotes(1, 1)]);
	const missingDocument = await md.run(['delete', 'nope.md']);
	t.is(missingDocument.exitCode, 1);
	oneLine(t, missingDocument, /^md-vector: document 'nope\.md' does not exist in collection 'default'$/);
	const missingCollection = await md.run(['stats', '-C', 'nothing-here']);
	t.is(missingCollection.exitCode, 1);
	oneLine(t, missingCollection, /^md-vector: collection 'nothing-here' does not exist$/);
	const nothing = await md.run(['search', 'zebra', '--mode', 'keyword', '--json']);
	t.is(nothing.exitCode, 0);
	t.deepEqual(JSON.parse(String(nothing.stdout)).results, []);
});

test('an unreachable daemon exits 1 with one line', async t => {
	const port = await closedPort();
	const md = cli({MD_VECTOR_URL: `http://127.0.0.1:${port}`});
	const result = await md.run(['collections', '--json']);
	t.is(result.exitCode, 1);
	oneLine(t, result, new RegExp(String.raw`^md-vector: cannot reach the md-vector daemon at http://127\.0\.0\.1:${port}/api/v1 \(ECONNREFUSED\)$`));
});

test('an unknown option or a missing argument is refused on stderr', async t => {
	const md = cli();
	const unknown = await md.run(['search', 'x', '--colour']);
	t.not(unknown.exitCode, 0);
	t.regex(String(unknown.stderr), /unknown option '--colour'/);
	// --json read commands parse on a light path; what it does not know goes to the full CLI's messages.
	const unknownJson = await md.run(['search', 'x', '--colour', '--json']);
	t.not(unknownJson.exitCode, 0);
	t.regex(String(unknownJson.stderr), /unknown option '--colour'/);
	const badChoice = await md.run(['search', 'x', '--mode', 'fuzzy', '--json']);
	t.not(badChoice.exitCode, 0);
	t.regex(String(badChoice.stderr), /argument 'fuzzy' is invalid. Allowed choices are hybrid, semantic, keyword/);
	t.is(String(badChoice.stdout), '');
	const missing = await md.run(['ingest']);
	t.not(missing.exitCode, 0);
	t.regex(String(missing.stderr), /missing required argument 'file'/);
	const mode = await md.run(['search', 'x', '--mode', 'fuzzy']);
	t.not(mode.exitCode, 0);
	t.regex(String(mode.stderr), /Allowed choices are hybrid, semantic, keyword/);
});
