import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {repoRoot} from '../helpers/paths.js';

const heavy = /^(faiss-node|@huggingface\/|better-sqlite3|markdown-it|express)/;
const ui = /^(ink|react|pastel|@inkjs\/|chalk)/;
const sourceDir = path.join(repoRoot, 'dist', 'source');

/** Every module a file can load, following its imports (dynamic ones too, unless `staticOnly`) in the build. */
function reachable(entry: string, staticOnly = false): {files: Set<string>; packages: Set<string>} {
	const files = new Set<string>();
	const packages = new Set<string>();
	const queue = [entry];
	const pattern = staticOnly ? /^\s*(?:import|export)\s+(?:[^'"]*?from\s*)?['"]([^'"]+)['"]/gm : /(?:import|export)\s*(?:[^'"]*?from\s*)?\(?\s*['"]([^'"]+)['"]/g;
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (files.has(file)) {
			continue;
		}

		files.add(file);
		for (const [, specifier] of readFileSync(file, 'utf8').matchAll(pattern)) {
			if (specifier!.startsWith('.')) {
				queue.push(path.resolve(path.dirname(file), specifier!));
			} else if (!specifier!.startsWith('node:')) {
				packages.add(specifier!);
			}
		}
	}

	return {files, packages};
}

const commandModules = (directory = path.join(sourceDir, 'commands')): string[] => readdirSync(directory, {withFileTypes: true}).flatMap(entry => {
	const full = path.join(directory, entry.name);
	return entry.isDirectory() ? commandModules(full) : (entry.name.endsWith('.js') ? [full] : []);
});

test('the CLI never loads faiss, transformers.js, SQLite, markdown-it or the engine, nor pastel', t => {
	const files = new Set<string>();
	const packages = new Set<string>();
	for (const entry of [path.join(sourceDir, 'cli.js'), ...commandModules()]) {
		const found = reachable(entry);
		for (const file of found.files) {
			files.add(file);
		}

		for (const name of found.packages) {
			packages.add(name);
		}
	}

	t.true(packages.has('ink') && packages.has('conf'), 'the graph was followed into packages (the TUI, the config command)');
	t.true(files.size > 40, 'the graph was followed through local modules');
	// What both processes use lives in common/; the CLI loads nothing of the daemon itself.
	t.deepEqual([...files].filter(file => file.includes(`${path.sep}dist${path.sep}daemon${path.sep}`)), []);
	t.deepEqual([...packages].filter(name => heavy.test(name) || name === 'pastel'), []);
});

test('one-shot commands and their runner load neither Ink, React nor pastel (only the TUI and a live progress bar do, on demand)', t => {
	const runner = reachable(path.join(sourceDir, 'cli', 'run-cli.js'), true);
	t.true(runner.files.size > 10, 'the runner\'s graph was followed');
	// fastest-levenshtein only once there is a mistake to suggest a fix for.
	t.deepEqual([...runner.packages].filter(name => ui.test(name) || name === 'fastest-levenshtein'), []);
	t.true(reachable(path.join(sourceDir, 'cli', 'run-cli.js')).packages.has('fastest-levenshtein'), 'loaded dynamically');
	const modules = commandModules();
	t.true(modules.length >= 20, 'every command module is checked');
	for (const module of modules) {
		const {packages} = reachable(module, true);
		t.deepEqual([...packages].filter(name => ui.test(name)), [], path.relative(sourceDir, module));
	}

	// zod (~90 ms) and conf (~200 ms) are loaded only by the commands that need them, not by the common path.
	const search = reachable(path.join(sourceDir, 'commands', 'search.js'), true);
	t.deepEqual([...new Set([...runner.packages, ...search.packages])].filter(name => name === 'zod' || name === 'conf'), []);
	const ingestDir = reachable(path.join(sourceDir, 'commands', 'ingest-dir.js'));
	t.true(ingestDir.packages.has('ink'), 'ingest-dir loads Ink, dynamically, for the bar on a terminal');
});

test('`md-vector mcp` (stdout is the protocol) loads neither Ink, React nor pastel, nor the engine', t => {
	const {files, packages} = reachable(path.join(sourceDir, 'mcp-bridge.js'));
	t.true(packages.has('@modelcontextprotocol/sdk/server/stdio.js'), 'the graph was followed into packages');
	t.deepEqual([...packages].filter(name => ui.test(name) || heavy.test(name)), []);
	t.deepEqual([...files].filter(file => file.includes(`${path.sep}daemon${path.sep}engine${path.sep}`)), []);
});
