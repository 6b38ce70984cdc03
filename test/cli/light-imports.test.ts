import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {repoRoot} from '../helpers/paths.js';

const heavy = /^(faiss-node|@huggingface\/|better-sqlite3|markdown-it|express)/;

/** Every module the CLI can load, following static and dynamic imports of the build from dist/source. */
function reachable(entry: string): {files: Set<string>; packages: Set<string>} {
	const files = new Set<string>();
	const packages = new Set<string>();
	const queue = [entry];
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (files.has(file)) {
			continue;
		}

		files.add(file);
		const source = readFileSync(file, 'utf8');
		for (const [, specifier] of source.matchAll(/(?:import|export)\s*(?:[^'"]*?from\s*)?\(?\s*['"]([^'"]+)['"]/g)) {
			if (specifier!.startsWith('.')) {
				queue.push(path.resolve(path.dirname(file), specifier!));
			} else if (!specifier!.startsWith('node:')) {
				packages.add(specifier!);
			}
		}
	}

	return {files, packages};
}

test('the CLI never loads faiss, transformers.js, SQLite, markdown-it or the engine', t => {
	// Pastel imports every file in commands/ at start: all of them count.
	const commandsDir = path.join(repoRoot, 'dist', 'source', 'commands');
	const entries = [path.join(repoRoot, 'dist', 'source', 'cli.js'), ...readdirSync(commandsDir).filter(file => file.endsWith('.js')).map(file => path.join(commandsDir, file))];
	const files = new Set<string>();
	const packages = new Set<string>();
	for (const entry of entries) {
		const found = reachable(entry);
		for (const file of found.files) {
			files.add(file);
		}

		for (const name of found.packages) {
			packages.add(name);
		}
	}

	t.true(packages.has('pastel') && packages.has('ink'), 'the graph was followed into packages');
	t.true(files.size > 20, 'the graph was followed through local modules');
	// What both processes use lives in common/; the CLI loads nothing of the daemon itself.
	t.deepEqual([...files].filter(file => file.includes(`${path.sep}dist${path.sep}daemon${path.sep}`)), []);
	t.deepEqual([...packages].filter(name => heavy.test(name)), []);
});

test('`--json` read commands take a path that loads neither Ink, React nor pastel', t => {
	const {files, packages} = reachable(path.join(repoRoot, 'dist', 'source', 'json-fast-path.js'));
	t.true(files.size > 5, 'the graph was followed through local modules');
	t.true(packages.has('env-paths'), 'and into packages');
	t.deepEqual([...packages].filter(name => /^(ink|react|pastel|@inkjs\/|chalk)/.test(name)), []);
});

test('`md-vector mcp` (stdout is the protocol) loads neither Ink, React nor pastel, nor the engine', t => {
	const {files, packages} = reachable(path.join(repoRoot, 'dist', 'source', 'mcp-bridge.js'));
	t.true(packages.has('@modelcontextprotocol/sdk/server/stdio.js'), 'the graph was followed into packages');
	t.deepEqual([...packages].filter(name => /^(ink|react|pastel|@inkjs\/|chalk)/.test(name) || heavy.test(name)), []);
	t.deepEqual([...files].filter(file => file.includes(`${path.sep}daemon${path.sep}engine${path.sep}`)), []);
});
