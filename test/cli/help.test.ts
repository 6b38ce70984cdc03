// Help, version and suggestions, from the one command table.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {repoRoot} from '../helpers/paths.js';
import {commands} from '../../source/command-table/table.js';

test('--version prints the package version', async t => {
	const {version} = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {version: string};
	const result = await cli().run(['--version']);
	t.is(result.exitCode, 0);
	t.is(String(result.stdout), version);
});

test('the root help lists every command with a line, documents --url, and the exit codes', async t => {
	const help = String((await cli().run(['--help'])).stdout);
	t.true(commands.length > 15, 'the table was read');
	for (const spec of commands) {
		t.regex(help, new RegExp(String.raw`^ {2}${spec.name}\b.* {2}\S`, 'm'), spec.name);
	}

	for (const name of ['mcp', 'mcp-config', 'capabilities check', 'capabilities explain', 'config set', 'completion']) {
		t.regex(help, new RegExp(String.raw`^ {2}${name}\b`, 'm'), `${name} is listed`);
	}

	t.regex(help, /^ {2}--url URL +use the daemon at URL/m);
	t.regex(help, /^Exit codes: 0 done, 1 failed, 2 usage error or refused input, 130 cancelled/m);
	t.is(String((await cli().run(['help'])).stdout), help, '`md-vector help` too');
});

test('every command has --help with its options, defaults shown as values, and an example', async t => {
	const md = cli();
	for (const spec of commands.filter(command => !command.ownArguments)) {
		const help = await md.run([...spec.name.split(' '), '--help']);
		t.is(help.exitCode, 0, spec.name);
		t.regex(String(help.stdout), new RegExp(String.raw`Examples?:\n {2}md-vector ${spec.name}`), spec.name);
		t.regex(String(help.stdout), /^ {6}--url URL/m, `${spec.name}: --url`);
		t.notRegex(String(help.stdout), /default: false|\(default: "/, `${spec.name}: no noise`);
	}

	const search = String((await md.run(['search', '--help'])).stdout);
	t.regex(search, /^ {2}-k, --top-k N +number of results, 1 to 100 \(10\)$/m);
	t.regex(search, /^ {6}--mode MODE +how to rank: hybrid, semantic or keyword \(hybrid\)$/m);
	t.regex(search, /^ {2}-C, --collection NAME +collection to search \('default' when none is given\); repeat it for several, ranked as one \(repeatable\)$/m);
	t.regex(String((await md.run(['stats', '--help'])).stdout), /^ {2}-C, --collection NAME +collection to use \('default'\)$/m);
	t.regex(search, /^ {6}--json +print the result as one JSON document/m);
	t.regex(String((await md.run(['help', 'search'])).stdout), /^Usage: md-vector search QUERY \[options]$/m, '`md-vector help search`');
	t.regex(String((await md.run(['mcp', '--help'])).stdout), /^Usage: md-vector mcp \[--read-only]/m, 'mcp keeps its own help');
	const group = await md.run(['config']);
	t.is(group.exitCode, 0);
	t.regex(String(group.stdout), /^ {2}config set KEY VALUE +store a setting/m, 'a group alone lists its commands');
});

test('mistyped commands and options get a suggestion', async t => {
	const md = cli();
	const cases: Array<[string[], RegExp]> = [
		[['serach', 'foo'], /unknown command 'serach' \(did you mean search\?\)/],
		[['ingest-dri', 'x'], /\(did you mean ingest-dir\?\)/],
		[['config', 'lst'], /unknown command 'config lst' \(did you mean config list\?\)/],
		[['search', 'x', '--top_k', '3'], /unknown option '--top_k' for md-vector search \(did you mean --top-k\?\)/],
		[['documents', '--colection', 'x'], /\(did you mean --collection\?\)/],
		[['--verison'], /unknown option '--verison' \(did you mean --version\?\)/],
		[['search', 'x', '--mode', 'hybird'], /got 'hybird' \(did you mean hybrid\?\)/],
	];
	for (const [args, pattern] of cases) {
		const result = await md.run(args);
		t.is(result.exitCode, 2, args.join(' '));
		t.regex(String(result.stderr), pattern, args.join(' '));
	}

	t.notRegex(String((await md.run(['zzzzzz'])).stderr), /did you mean/, 'nothing near: no suggestion');
});
