// The exit-code table of docs/commands.md is the contract (issue 26 item 5): each row, walked for every command that can
// hit it, through the real CLI and daemon. Row 130 (Ctrl-C) is lifecycle.test.ts's "Ctrl-C during ingest-dir";
// "a job stopped by md-vector stop --now" (1) is stop.test.ts's. errors.test.ts checks the messages.
import {createServer, type AddressInfo} from 'node:net';
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {commands} from '../../source/command-table/table.js';
import type {CommandSpec} from '../../source/cli/spec.js';
import {cli, type Cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';
import {temporaryDirectory} from '../helpers/paths.js';

type Row = readonly [args: readonly string[], why: string];

/** Runs every case (a few at a time) and checks its exit code; says which ones differ. */
async function expectExit(t: {deepEqual: (a: unknown, b: unknown, message?: string) => void}, md: Cli, code: number, rows: readonly Row[], env: Record<string, string> = {}): Promise<void> {
	const wrong: string[] = [];
	for (let start = 0; start < rows.length; start += 4) {
		await Promise.all(rows.slice(start, start + 4).map(async ([args, why]) => {
			const result = await md.run(args, {env: {...md.environment, ...env}, input: ''});
			if (result.exitCode !== code) {
				wrong.push(`md-vector ${args.join(' ')} (${why}): exit ${result.exitCode}, ${String(result.stderr).trim().split('\n').at(-1)}`);
			}
		}));
	}

	t.deepEqual(wrong, [], `every one exits ${code}`);
}

const words = (spec: CommandSpec) => spec.name.split(' ');
/** Arguments a command's parser accepts: a choice where there are choices, else a placeholder. */
const fill = (spec: CommandSpec) => (spec.args ?? []).filter(argument => !argument.optional).map(argument => argument.choices?.[0] ?? 'x');
const parsed = commands.filter(spec => !spec.ownArguments);

test('2: a usage error, for every command: an unknown option, a missing or extra argument, an option without its value, a bad value', async t => {
	const md = cli();
	await expectExit(t, md, 2, [
		[['serach', 'x'], 'unknown command'],
		...parsed.map((spec): Row => [[...words(spec), ...fill(spec), '--no-such-option'], 'unknown option']),
		...parsed.filter(spec => (spec.args ?? []).some(argument => !argument.optional)).map((spec): Row => [words(spec), 'missing argument']),
		// A command whose last argument repeats (get FILE...) takes any number.
		...parsed.filter(spec => !spec.args?.at(-1)?.variadic).map((spec): Row => [[...words(spec), ...fill(spec), ...(spec.args ?? []).filter(argument => argument.optional).map(() => 'x'), 'extra-argument'], 'too many arguments']),
		...parsed.flatMap(spec => (spec.options ?? []).filter(option => option.value).map((option): Row => [[...words(spec), ...fill(spec), `--${option.name}`], `--${option.name} without its value`])),
		...parsed.flatMap(spec => (spec.options ?? []).filter(option => option.choices ?? option.check).map((option): Row => [[...words(spec), ...fill(spec), `--${option.name}`, 'no-such-value'], `--${option.name}: a bad value`])),
	]);
});

test('2: input the daemon refuses as invalid, and 0: done, a search that finds nothing included', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = makeTree({'a.md': '# A\n\nalpha\n', 'notes.txt': 'not Markdown'});
	await md.json(['ingest-dir', root, '-C', 'n']);
	await expectExit(t, md, 2, [
		[['search', '   ', '-C', 'n'], 'a query of whitespace only'],
		[['search', '', '-C', 'n'], 'an empty query'],
		[['search', 'alpha', '-C', 'bad name!'], 'a bad collection name'],
		[['collection', 'rename', 'n', 'bad name!'], 'a bad new name'],
		[['ingest-dir', root, '-C', 'n', '--label', '.bad'], 'a bad label'],
		[['ingest', path.join(root, 'a.md'), '-C', 'n', '--name', 'x/../y.md'], 'a bad document name'],
		[['get', 'a.md:0', '-C', 'n'], 'line 0'],
		[['get', 'a.md:99', '-C', 'n'], 'a line past the end'],
		[['delete', '../a.md', '-C', 'n'], 'a name with ..'],
		[['ingest', path.join(root, 'notes.txt')], 'not Markdown'],
	]);
	await expectExit(t, md, 0, [
		[['search', 'zebra', '-C', 'n', '--mode', 'keyword'], 'nothing found'],
		[['search', 'alpha', '-C', 'n'], 'found'],
		[['get', 'a.md', '-C', 'n'], 'a document'],
		[['update', '-C', 'n'], 'a sync with nothing to do'],
		[['documents', '-C', 'n'], 'a listing'],
		[['status'], 'the daemon runs'],
	]);

	// The API answers a whitespace-only query 400, naming the field.
	const record = md.record()!;
	const response = await fetch(`http://127.0.0.1:${record.port}/api/v1/search`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({query: ' \t\n ', collection: 'n'})});
	t.is(response.status, 400);
	t.regex(((await response.json()) as {error: {message: string}}).error.message, /^query: must hold something besides whitespace/);
});

test('1: a document, collection or file that does not exist, files that failed, a missing source folder', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = makeTree({'a.md': '# A\n\nalpha\n'});
	const gone = makeTree({'b.md': '# B\n\nbravo\n'});
	await md.json(['ingest-dir', root, '-C', 'n']);
	await md.json(['ingest-dir', gone, '-C', 'g']);
	const missing = path.join(temporaryDirectory(), 'missing');
	await expectExit(t, md, 1, [
		[['get', 'nope.md', '-C', 'n'], 'no such document'],
		[['get', path.join(root, 'nope.md'), '-C', 'n'], 'no such file path'],
		[['delete', 'nope.md', '-C', 'n'], 'no such document'],
		...[
			['search', 'x'], ['get', 'a.md'], ['documents'], ['stats'], ['export'], ['delete', 'a.md'], ['update'],
		].map((args): Row => [[...args, '-C', 'nope'], 'no such collection']),
		[['collection', 'rm', 'nope', '--yes'], 'no such collection'],
		[['collection', 'rename', 'nope', 'other'], 'no such collection'],
		[['collection', 'sources', 'nope'], 'no such collection'],
		[['collection', 'remove-source', 'nope', root, '--yes'], 'no such collection'],
		[['collection', 'remove-source', 'n', missing, '--yes'], 'no such source'],
		[['ingest', `${missing}.md`], 'no such file'],
		[['ingest-dir', missing], 'no such folder'],
		[['import', `${missing}.jsonl`], 'no such file'],
		[['export', '-C', 'n', '-o', path.join(missing, 'out.json')], 'no such folder to write into'],
		[['capabilities', 'check', `${missing}.json`], 'no such file'],
	]);

	writeFileSync(path.join(root, 'latin1.md'), Buffer.from([0x23, 0x20, 0xE9, 0x0A]));
	rmSync(gone, {recursive: true});
	await expectExit(t, md, 1, [
		[['update', '-C', 'n'], 'a file that failed'],
		[['ingest-dir', root, '-C', 'n'], 'a file that failed'],
		[['update', '-C', 'g'], 'a source folder that is missing'],
	]);
});

test('1: the daemon unreachable, for every command that talks to it', async t => {
	const server = createServer();
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	await new Promise(resolve => server.close(resolve));
	const md = cli();
	const file = path.join(makeTree({'a.md': '# A\n'}), 'a.md');
	const exported = path.join(temporaryDirectory(), 'export.jsonl');
	writeFileSync(exported, '{"format":"md-vector-export"}\n');
	await expectExit(t, md, 1, [
		...[
			['search', 'x'], ['get', 'a.md'], ['documents'], ['stats'], ['collections'], ['export'], ['delete', 'a.md'], ['ingest', file],
			['ingest-dir', path.dirname(file)], ['update'], ['watch'], ['import', exported], ['collection', 'rm', 'n', '--yes'],
			['collection', 'rename', 'n', 'm'], ['collection', 'sources', 'n'], ['collection', 'remove-source', 'n', '/tmp', '--yes'],
			['clients', 'list'], ['status'],
		].map((args): Row => [args, 'MD_VECTOR_URL names a port nothing listens on']),
	], {MD_VECTOR_URL: `http://127.0.0.1:${port}`});
	await expectExit(t, md, 1, [[['status'], 'no daemon runs (status never starts one)']]);
});
