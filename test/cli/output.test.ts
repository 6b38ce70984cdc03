// Output as other tools print it: piped, nothing is wrapped (one record a line for grep and wc); a reader that
// goes away (| head) ends the command quietly with exit 0; counts agree with their words, in one number format.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execa} from 'execa';
import {cli, cliPath} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {startPane} from '../helpers/tmux.js';
import {writeNotes} from '../helpers/trees.js';

const longFolder = 'a-folder-name-long-enough-that-an-80-column-wrap-would-split-its-entries-in-two';

test('piped output is never wrapped, and a closed pipe ends quietly with exit 0', async t => {
	const md = cli();
	t.teardown(md.stop);
	const parent = temporaryDirectory();
	writeNotes(12, 100, path.join(parent, longFolder)); // 1,200 documents, about 100 characters a line: more than a pipe holds
	const ingest = await md.run(['ingest-dir', parent, '-C', 'many']);
	t.is(ingest.exitCode, 0, String(ingest.stderr));
	const added = String(ingest.stdout).split('\n').filter(line => line.startsWith('  added'));
	t.is(added.length, 20, 'the report lists the first 20 added, then how many more');
	for (const line of added) {
		t.regex(line, new RegExp(String.raw`^ {2}added {6}${longFolder}/f\d+/note-\d+\.md$`), 'one file a line, whole');
	}

	const documents = await md.run(['documents', '-C', 'many']);
	const lines = String(documents.stdout).trim().split('\n');
	t.is(lines.length, 1200, 'one line per document, no total when piped');
	t.true(lines.every(line => new RegExp(String.raw`^${longFolder}/f\d+/note-\d+\.md \(2 chunks\)$`).test(line)));

	// `| head -1`: the reader leaves after one line; the shell reports our exit status.
	for (const command of ['documents -C many', 'export -C many', 'export -C many -f jsonl', 'search gardens -k 100 -C many --mode keyword']) {
		const piped = await execa('bash', ['-c', `node '${cliPath}' ${command} | head -c 20 > /dev/null; echo "status \${PIPESTATUS[0]}" >&2`], {env: md.environment, reject: false});
		t.is(String(piped.stderr).trim(), 'status 0', `${command} | head: quiet, exit 0`);
	}
});

test('counts agree with their words and are all formatted alike', async t => {
	const md = cli();
	t.teardown(md.stop);
	const file = path.join(temporaryDirectory(), 'one.md');
	writeFileSync(file, 'Just one paragraph, so one chunk.\n');
	t.is(String((await md.run(['ingest', file, '-C', 'single'])).stdout), 'indexed one.md: 1 chunk into \'single\'');
	t.regex(String((await md.run(['collections'])).stdout), /^single {2}1 document, 1 chunk$/m);
	t.is(String((await md.run(['delete', 'one.md', '-C', 'single'])).stdout), 'deleted one.md from \'single\' (1 chunk)\ncollection \'single\' had nothing left and was deleted');

	const root = temporaryDirectory();
	mkdirSync(path.join(root, 'one'));
	writeFileSync(path.join(root, 'one', 'note.md'), 'One chunk only.\n');
	t.regex(String((await md.run(['ingest-dir', root, '-C', 'small'])).stdout), /^Done: 1 file indexed, 0 unchanged, 0 failed, 1 chunk into 'small'\.$/m);
	const big = writeNotes(11, 100);
	await md.run(['ingest-dir', big, '-C', 'big']);
	const again = await md.run(['ingest-dir', big, '-C', 'big', '--incremental']);
	t.regex(String(again.stdout), /^Done: 0 files indexed, 1,100 unchanged, 0 failed, 2,200 chunks into 'big'\.$/m, 'thousands separators on every count');
	t.regex(String((await md.run(['stats', '-C', 'big'])).stdout), /^chunks {5}2,200$/m);
});

test('a hybrid search that fell back to keyword says which mode ran', async t => {
	const md = cli({MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1'});
	t.teardown(md.stop);
	await md.run(['ingest-dir', writeNotes(1, 3)]);
	const result = await md.run(['search', 'gardens']);
	t.is(result.exitCode, 0);
	t.regex(String(result.stdout), /^3 results in 'default' \(keyword: hybrid fell back, \d+ ms\)$/m);
	t.regex(String(result.stderr), /^note: hybrid search fell back to keyword/m);
});

test('NO_COLOR on a terminal: matches between ⟦ ⟧, and lines wrap counting the marks', async t => {
	const md = cli(); // NO_COLOR=1
	t.teardown(md.stop);
	const file = path.join(temporaryDirectory(), 'heap.md');
	writeFileSync(file, `# Heap\n\n${Array.from({length: 14}, () => 'compost').join(' ')} and api key rotation.\n`);
	await md.json(['ingest', file, '-C', 'heap']);
	const quote = (value: string) => `'${value.replaceAll('\'', String.raw`'\''`)}'`;
	const exports = Object.entries({...md.environment, TERM: 'xterm-256color'}).map(([name, value]) => `${name}=${quote(value)}`).join(' ');
	const pane = await startPane(`env ${exports} node ${quote(cliPath)} search 'compost "api key"' -C heap --mode keyword; echo "SEARCH-EXITED $?"`, 60, 30);
	t.teardown(pane.kill);
	const screen = await pane.until('the search and its exit', text => text.includes('SEARCH-EXITED 0'));
	const hit = screen.split('\n').slice(screen.split('\n').findIndex(line => line.startsWith(' 1.')) + 2, screen.split('\n').findIndex(line => line.startsWith('1 result')) - 1);
	t.true(hit.length > 3, screen);
	for (const line of hit) {
		t.regex(line, /^ {4}\S/, `every snippet line starts under its indent: the terminal did not wrap it (${line})`);
		t.true(line.length <= 60, line);
	}

	t.regex(hit.join(' '), /⟦compost⟧ ⟦compost⟧/, 'the marks, as the docs say');
	t.regex(hit.join(' '), /⟦api key⟧/, 'a phrase is one mark, not one a word');
});
