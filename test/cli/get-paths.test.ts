// `get` takes what search prints (issue 26 item 3), through the real CLI and daemon: a hit's source_path, the
// paths of -l and --format path:line, the FILE:START-END of a hit's header (COLLECTION:FILE:START-END across
// collections), a path relative to where it runs; a name that matches nothing gets the nearest stored names.
import {readFileSync, realpathSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {localTokenHeader} from '../../common/local-token.js';
import {cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';
import {sharedData} from '../helpers/paths.js';

const guide = '# Guide\n\nIntro.\n\n## Install\n\nRun apt install compost-tools.\nThen check the bins.\n\n## Usage\n\nTurn the compost weekly.\n';

test('get takes every path and range that search prints', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = realpathSync(makeTree({'guide/install.md': guide, 'guides/setup.md': '# Setup\n\nNothing here.\n'}));
	const file = path.join(root, 'guide', 'install.md');
	await md.json(['ingest-dir', root, '-C', 'g']);

	const hit = (await md.json(['search', 'compost tools', '-C', 'g', '--mode', 'keyword', '-k', '1'])).results[0];
	t.is(hit.source_path, file);
	const byPath = await md.json(['get', hit.source_path, '-C', 'g']);
	t.like(byPath, {file: 'guide/install.md', source_path: file, start_line: 1, total_lines: 12}, 'source_path');
	t.is((await md.json(['get', hit.source_file, '-C', 'g'])).content, byPath.content, 'source_file');

	const listed = String((await md.run(['search', 'compost', '-C', 'g', '--mode', 'keyword', '-l'])).stdout);
	t.is(listed, file);
	t.is((await md.run(['get', listed, '-C', 'g'])).exitCode, 0, 'search -l');

	const quickfix = String((await md.run(['search', 'compost tools', '-C', 'g', '--mode', 'keyword', '-k', '1', '--format', 'path:line'])).stdout);
	const [pathLine] = /^.+?:\d+/.exec(quickfix)!;
	t.is(pathLine, `${file}:7`);
	t.is(String((await md.run(['get', `${pathLine}:2`, '-C', 'g'])).stdout), 'Run apt install compost-tools.\nThen check the bins.', '--format path:line');

	const header = /^ 1\. \S+ {2}(\S+)/m.exec(String((await md.run(['search', 'compost tools', '-C', 'g', '--mode', 'keyword', '-k', '1'])).stdout))![1]!;
	t.regex(header, /^guide\/install\.md:\d+-\d+$/);
	const range = await md.json(['get', header, '-C', 'g']);
	t.like(range, {file: 'guide/install.md', start_line: hit.start_line, end_line: hit.end_line}, 'a hit header\'s FILE:START-END');

	await md.json(['ingest', path.join(makeTree({'compost.md': '# Compost\n\nCompost heaps.\n'}), 'compost.md'), '-C', 'h']);
	const across = String((await md.run(['search', 'compost', '-C', 'g', '-C', 'h', '--mode', 'keyword', '--collapse'])).stdout);
	const prefixed = /(h:compost\.md:\d+-\d+)/.exec(across)![1]!;
	t.is(String((await md.run(['get', prefixed])).stdout), 'Compost heaps.', 'COLLECTION:FILE:START-END without -C');

	const relative = await md.run(['get', path.join(path.basename(root), 'guide', 'install.md'), '-C', 'g', '--json'], {cwd: path.dirname(root)});
	t.is(relative.exitCode, 0, String(relative.stderr));
	t.is(JSON.parse(String(relative.stdout)).file, 'guide/install.md', 'a path relative to where it runs');

	const record = md.record()!;
	const api = await fetch(`http://127.0.0.1:${record.port}/api/v1/documents/${encodeURIComponent(file)}?collection=g&line=7&count=1`, {headers: {[localTokenHeader]: record.token}});
	t.is(api.status, 200);
	t.like(await api.json(), {file: 'guide/install.md', content: 'Run apt install compost-tools.'}, 'GET /documents/{absolute path}');
});

test('a name that matches nothing gets the nearest stored names, by path and by base name', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = realpathSync(makeTree({'guide/install.md': guide, 'guides/setup.md': '# Setup\n', 'notes/a.md': '# A\n'}));
	await md.json(['ingest-dir', root, '-C', 'g']);
	const typo = await md.run(['get', 'guide/instal.md', '-C', 'g']);
	t.is(typo.exitCode, 1);
	t.regex(String(typo.stderr), /document 'guide\/instal\.md' does not exist in collection 'g'; nearest: guide\/install\.md$/m);
	const wrongFolder = await md.run(['get', 'docs/setup.md', '-C', 'g']);
	t.regex(String(wrongFolder.stderr), /nearest: guides\/setup\.md/, 'the base name matches in another folder');
	const moved = await md.run(['get', path.join(root, 'guide', 'setup.md'), '-C', 'g']);
	t.regex(String(moved.stderr), /nearest: guides\/setup\.md/, 'an absolute path that is no stored file');
	const nothing = await md.run(['get', 'zzzzzzzzzzzz.md', '-C', 'g', '--json']);
	t.is(nothing.exitCode, 1);
	t.regex(JSON.parse(String(nothing.stdout)).error.message, /md-vector documents -C g lists its 3 documents/);
});

test('get --section on a KEP: a unique last heading is enough; a miss suggests by the whole heading path', async t => {
	const md = cli();
	t.teardown(md.stop);
	const kep = readFileSync(path.join(sharedData, 'kubernetes-keps', 'corpus', 'keps', 'sig-cli', '2229-kubectl-xdg-base-dir', 'README.md'), 'utf8');
	const root = makeTree({'2229-kubectl-xdg-base-dir/README.md': kep});
	await md.json(['ingest-dir', root, '-C', 'keps']);
	const file = '2229-kubectl-xdg-base-dir/README.md';
	const goals = await md.json(['get', file, '--section', 'Goals', '-C', 'keps']);
	t.deepEqual(goals.heading_path, ['KEP-2229: kubectl xdg base dir', 'Motivation', 'Goals']);
	t.true(goals.content.startsWith('### Goals\n'));
	for (const [asked, nearest] of [['Motivaton', 'Motivation'], ['Motivation > Goal', 'Motivation > Goals'], ['Non Goals', 'Non-Goals']]) {
		const miss = await md.run(['get', file, '--section', asked!, '-C', 'keps']);
		t.is(miss.exitCode, 1);
		t.is(String(miss.stderr), `md-vector: --section: no "${asked}" in ${file}; nearest: "${nearest}"`, asked);
	}
});

test('get of a path that search printed finds it in whichever collection holds it, without -C', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = realpathSync(makeTree({'guide/install.md': guide}));
	const file = path.join(root, 'guide', 'install.md');
	await md.json(['ingest-dir', root, '-C', 'g']);
	const listed = String((await md.run(['search', 'compost', '-C', 'g', '--mode', 'keyword', '-l'])).stdout);
	t.is(listed, file);
	const found = await md.run(['get', `${listed}:7:1`]);
	t.is(found.exitCode, 0, String(found.stderr));
	t.is(String(found.stdout), 'Run apt install compost-tools.');
	t.is(String(found.stderr), '', 'one collection holds it: nothing to say');
	t.is((await md.json(['get', 'guide/install.md'])).collection, 'g', 'a stored name too');

	await md.json(['ingest-dir', root, '-C', 'h']);
	const twice = await md.run(['get', listed, '--json']);
	t.is(twice.exitCode, 0);
	t.is(JSON.parse(String(twice.stdout)).collection, 'g');
	t.is(String(twice.stderr), `note: 2 collections hold ${file}: this is 'g''s; -C picks another ('h')`);
	t.is(JSON.parse(String((await md.run(['get', listed, '-C', 'h', '--json'])).stdout)).collection, 'h');

	const nowhere = await md.run(['get', path.join(root, 'guide', 'missing.md')]);
	t.is(nowhere.exitCode, 1);
	t.is(String(nowhere.stderr), `md-vector: no collection holds ${path.join(root, 'guide', 'missing.md')} (looked in 'g', 'h'); md-vector documents -C NAME lists a collection's documents`);
	t.regex(String((await md.run(['get', listed, '-C', 'nope'])).stderr), /^md-vector: collection 'nope' does not exist; existing collections: g, h/, '-C still means that collection');
});
