// What the md-vector command loads, read from the bundle's build record (dist/cli/meta.json: each output file and
// the modules in it) and checked at run time on the real command against a real daemon.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execa} from 'execa';
import {cli, cliPath} from '../helpers/cli.js';
import {repoRoot, temporaryDirectory} from '../helpers/paths.js';

type Output = {readonly entryPoint?: string; readonly inputs: Record<string, unknown>; readonly imports: ReadonlyArray<{readonly path: string; readonly kind: string}>};

const bundleDir = path.join(repoRoot, 'dist', 'cli');
const {outputs} = JSON.parse(readFileSync(path.join(bundleDir, 'meta.json'), 'utf8')) as {outputs: Record<string, Output>};
const heavy = /^(faiss-node|@huggingface\/|better-sqlite3|markdown-it|express|pastel)$/;
const ui = /^(ink|react|@inkjs\/ui|chalk)$/;

/** The packages whose code is in an output file. */
function packagesIn(output: Output): Set<string> {
	return new Set(Object.keys(output.inputs).flatMap(input => {
		const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
		return match ? [match[1]!] : [];
	}));
}

/** The packages an output file loads: its own and those of the chunks it imports statically, transitively. */
function packagesLoaded(output: Output, seen = new Set<Output>()): Set<string> {
	seen.add(output);
	const packages = packagesIn(output);
	for (const imported of output.imports.filter(item => item.kind === 'import-statement' && outputs[item.path] && !seen.has(outputs[item.path]!))) {
		for (const name of packagesLoaded(outputs[imported.path]!, seen)) {
			packages.add(name);
		}
	}

	return packages;
}

const core = outputs['dist/cli/cli.cjs']!;
const outputOf = (entry: string) => Object.entries(outputs).find(([, output]) => output.entryPoint === entry)!;

test('the command never bundles faiss, transformers.js, SQLite, markdown-it, Express or the daemon', t => {
	const all = Object.values(outputs);
	t.true(all.some(output => packagesIn(output).has('ink')) && all.some(output => packagesIn(output).has('conf')), 'the record names packages (the TUI, the config command)');
	t.true(Object.keys(core.inputs).length > 40, 'the record names the command\'s own modules');
	for (const [file, output] of Object.entries(outputs)) {
		t.deepEqual([...packagesIn(output)].filter(name => heavy.test(name)), [], file);
		t.deepEqual(Object.keys(output.inputs).filter(input => input.startsWith('dist/daemon/')), [], file);
	}
});

test('one-shot commands are one CommonJS file without Ink, React, zod, conf or fastest-levenshtein; those are chunks it imports when needed', t => {
	const packages = [...packagesIn(core)];
	t.deepEqual(packages.sort(), ['env-paths', 'stemmer'], 'env-paths for the paths; stemmer so highlighting marks what the search matched');
	t.true(Object.keys(core.inputs).includes('dist/source/commands/search.js'), 'search is in the one file');
	const lazy = new Set(core.imports.filter(entry => entry.kind === 'dynamic-import').map(entry => `dist/cli/${entry.path.replace(/^\.\//, '')}`));
	for (const [entry, needs] of [['dist/source/ui/tui/run-tui.js', 'ink'], ['dist/source/ui/live-progress.js', 'ink'], ['dist/source/commands/config/set.js', 'conf'], ['dist/source/cli/did-you-mean.js', 'fastest-levenshtein'], ['dist/source/commands/mcp.js', '@modelcontextprotocol/sdk']] as const) {
		const [file, output] = outputOf(entry);
		t.true(lazy.has(file), `${entry} is imported from its chunk`);
		t.true(packagesLoaded(output).has(needs), `${entry}'s chunk loads ${needs}`);
	}
});

test('at run time, search, status, get and collections load the bin and the one file only; a mistyped command loads its suggestion chunk', async t => {
	const md = cli();
	t.teardown(md.stop);
	const folder = temporaryDirectory('md-vector-light-');
	writeFileSync(path.join(folder, 'notes.md'), '# Notes\n\nCompost the kitchen scraps.\n');
	t.is((await md.run(['ingest', path.join(folder, 'notes.md'), '-C', 'notes'])).exitCode, 0);
	const log = path.join(temporaryDirectory('md-vector-light-log-'), 'loaded.txt');
	const hooks = path.join(repoRoot, 'test', 'fixtures', 'load-log.cjs');
	const loaded = async (args: string[]) => {
		writeFileSync(log, '');
		const result = await execa('node', ['--require', hooks, cliPath, ...args], {env: {...md.environment, LOAD_LOG: log}, reject: false});
		return {result, files: [...new Set(readFileSync(log, 'utf8').split('\n').filter(line => line.includes(`${path.sep}dist${path.sep}`)).map(line => path.relative(bundleDir, line.replace(/^file:\/\//, ''))))].sort()};
	};

	for (const args of [['search', 'compost', '-C', 'notes', '--json'], ['search', 'compost', '-C', 'notes'], ['status'], ['collections'], ['get', 'notes.md', '-C', 'notes']]) {
		const {result, files} = await loaded(args);
		t.is(result.exitCode, 0, String(result.stderr));
		t.deepEqual(files, ['cli.cjs', 'md-vector.cjs'], args.join(' '));
	}

	const mistyped = await loaded(['sarch', 'compost']);
	t.regex(String(mistyped.result.stderr), /did you mean search\?/);
	t.true(mistyped.files.some(file => file.startsWith('did-you-mean-')), mistyped.files.join(', '));
});

test('`md-vector mcp` (stdout is the protocol) loads neither Ink nor React', t => {
	const [, output] = outputOf('dist/source/commands/mcp.js');
	const reached = [...packagesLoaded(output)];
	t.true(reached.includes('@modelcontextprotocol/sdk'), 'the record names its packages');
	t.deepEqual(reached.filter(name => ui.test(name)), []);
});
