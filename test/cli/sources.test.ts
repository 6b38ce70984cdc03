// The scenario through the real CLI and daemon: after every sync the collection holds exactly the
// Markdown files on disk (delete, add, change, rename, a second folder with the same relative names, a symlink
// loop, a .gitignore'd folder, a file ingested alone before its folder).
import {renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execa} from 'execa';
import {poll} from '../../source/client/poll.js';
import {cli, cliPath, type Cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';

const documents = async (md: Cli, collection: string): Promise<string[]> =>
	(await md.json(['documents', '-C', collection])).documents.map((document: {file: string}) => document.file).sort();

test('ingest-dir remembers its folder; update syncs every change to it; a second folder prefixes names; nothing duplicates', async t => {
	const md = cli();
	t.teardown(md.stop);
	const notes = makeTree({
		'a.md': '# A\n\nalpha', 'b.md': '# B\n\nbravo', 'sub/c.md': '# C\n\ncharlie', '.gitignore': 'drafts/\n', 'drafts/d.md': '# D', 'sub/loop': {symlink: '..'},
	});
	// A file ingested on its own first: the folder's sync takes it over under its path in the folder.
	await md.json(['ingest', path.join(notes, 'sub', 'c.md'), '-C', 's']);
	const first = await md.json(['ingest-dir', notes, '-C', 's']);
	const part = first.report.sync.collections[0].sources[0];
	t.like(part, {added: ['a.md', 'b.md'], renamed: [{from: 'c.md', to: 'sub/c.md', adopted: true}], removed: [], error: null});
	t.like(part.skipped, {ignored: 1, symlink_loop: 1, hidden: 1});
	t.deepEqual(await documents(md, 's'), ['a.md', 'b.md', 'sub/c.md']);
	await md.json(['ingest', path.join(notes, 'sub', 'c.md'), '-C', 's']);
	t.deepEqual(await documents(md, 's'), ['a.md', 'b.md', 'sub/c.md'], 'ingest of a file in a source keeps its name there');

	rmSync(path.join(notes, 'b.md'));
	writeFileSync(path.join(notes, 'e.md'), '# E\n\necho');
	writeFileSync(path.join(notes, 'a.md'), '# A\n\nalpha, edited');
	renameSync(path.join(notes, 'sub', 'c.md'), path.join(notes, 'sub', 'c2.md'));
	const update = await md.json(['update']);
	t.like(update, {type: 'update', state: 'completed'});
	t.like(update.report.sync.collections[0].sources[0], {
		added: ['e.md'], changed: ['a.md'], removed: ['b.md'], moved: [{from: 'sub/c.md', to: 'sub/c2.md', edited: false}], renamed: [], unchanged: 0,
	});
	t.deepEqual(await documents(md, 's'), ['a.md', 'e.md', 'sub/c2.md']);

	const work = makeTree({'a.md': '# Work A', 'sub/c2.md': '# Work C2'});
	await md.json(['ingest-dir', work, '-C', 's', '--label', 'work']);
	const label = path.basename(notes);
	t.deepEqual(await documents(md, 's'), [`${label}/a.md`, `${label}/e.md`, `${label}/sub/c2.md`, 'work/a.md', 'work/sub/c2.md'].sort());

	const plain = await md.run(['update', '-C', 's']);
	t.is(plain.exitCode, 0, String(plain.stderr));
	t.regex(String(plain.stdout), /3 unchanged/);
	t.regex(String(plain.stdout), /2 unchanged/);
	const again = await md.json(['update', '-C', 's']);
	t.deepEqual(again.report.sync.collections[0].sources.map((source: {added: string[]; changed: string[]; removed: string[]; renamed: unknown[]}) =>
		[source.added, source.changed, source.removed, source.renamed].flat().length), [0, 0]);
	t.deepEqual(await documents(md, 's'), [`${label}/a.md`, `${label}/e.md`, `${label}/sub/c2.md`, 'work/a.md', 'work/sub/c2.md'].sort());

	rmSync(path.join(work, 'a.md'));
	const removal = await md.run(['update', '-C', 's']);
	t.regex(String(removal.stdout), /removed\s+work\/a\.md/, 'a deletion is never silent');
});

test('collection sources, rename, remove-source and rm through the CLI; deleting asks unless --yes, and --json never prompts', async t => {
	const md = cli();
	t.teardown(md.stop);
	const one = makeTree({'a.md': '# A', 'b.md': '# B'});
	const two = makeTree({'a.md': '# Two A'});
	await md.json(['ingest-dir', one, '-C', 'k', '--label', 'one', '--exclude', 'drafts', '--exclude', '*.tmp.md']);
	await md.json(['ingest-dir', two, '-C', 'k', '--label', 'two']);
	const [entry] = (await md.json(['collections'])).collections;
	t.like(entry, {name: 'k', documents: 3, sources: 2});
	t.truthy(entry.last_sync_at);
	const sources = await md.json(['collection', 'sources', 'k']);
	t.deepEqual(sources.sources.map((source: {label: string; documents: number; exclude: string[]}) => [source.label, source.documents, source.exclude]), [['one', 2, ['drafts', '*.tmp.md']], ['two', 1, []]]);
	t.regex(String((await md.run(['collection', 'sources', 'k'])).stdout), /label one, 2 documents, last sync .*--exclude drafts --exclude \*\.tmp\.md/);

	t.deepEqual(await md.json(['collection', 'rename', 'k', 'k2']), {status: 'ok', collection: 'k2', previous: 'k'});
	const refused = await md.run(['collection', 'remove-source', 'k2', two, '--json']);
	t.is(refused.exitCode, 2);
	t.is(JSON.parse(String(refused.stdout)).error.code, 'confirmation_required');
	const removed = await md.json(['collection', 'remove-source', 'k2', two, '--yes']);
	t.like(removed, {deleted_documents: 1, collection_removed: false, renamed: [{from: 'one/a.md', to: 'a.md'}, {from: 'one/b.md', to: 'b.md'}]});
	t.deepEqual(await documents(md, 'k2'), ['a.md', 'b.md']);

	const piped = await md.run(['collection', 'rm', 'k2']);
	t.is(piped.exitCode, 2, 'no terminal to ask on: refused');
	t.regex(String(piped.stderr), /Delete collection 'k2' \(1 source, 2 documents\): refused without --yes/);
	t.like(await md.json(['collection', 'rm', 'k2', '--yes']), {status: 'ok', collection: 'k2', deleted_documents: 2, deleted_sources: 1});
	t.deepEqual((await md.json(['collections'])).collections, []);
	t.is((await md.run(['collection', 'rm', 'k2', '--yes'])).exitCode, 1, 'an unknown collection fails');
	const help = await md.run(['collection', 'rm', '--help']);
	t.regex(String(help.stdout), /md-vector collection rm old-notes --yes --json/);
});

test('get prints what was indexed, a line range or a section; search -l and --format path:line point editors at the hits', async t => {
	const md = cli();
	t.teardown(md.stop);
	const guide = '# Guide\n\nIntro.\n\n## Install\n\n### Linux\n\nRun apt install compost-tools.\n\n## Usage\n\nTurn the compost weekly.\n';
	const root = makeTree({'guide.md': guide, 'sub/other.md': '# Other\n\nNothing about it.\n'});
	await md.json(['ingest-dir', root, '-C', 'g']);
	// Execa strips the final line break of stdout.
	t.is(String((await md.run(['get', 'guide.md', '-C', 'g'])).stdout), guide.trimEnd());
	t.is(String((await md.run(['get', 'guide.md:9:1', '-C', 'g', '-n'])).stdout), '9  Run apt install compost-tools.');
	const section = await md.json(['get', 'guide.md', '-C', 'g', '--section', 'Install > Linux']);
	t.like(section, {file: 'guide.md', collection: 'g', start_line: 7, end_line: 9, total_lines: 13, changed_on_disk: false, content: '### Linux\n\nRun apt install compost-tools.'});
	t.deepEqual(section.heading_path, ['Guide', 'Install', 'Linux']);
	const past = await md.run(['get', 'guide.md:40', '-C', 'g']);
	t.is(past.exitCode, 2);
	t.regex(String(past.stderr), /line: 40 is past the end of the document \(13 lines\)/);
	const wrongSection = await md.run(['get', 'guide.md', '-C', 'g', '--section', 'Instal > Linx']);
	t.regex(String(wrongSection.stderr), /nearest: "Install > Linux"/, 'as it can be typed: as deep as what was asked');

	const files = await md.run(['search', 'compost', '-C', 'g', '--mode', 'keyword', '-l']);
	t.is(String(files.stdout), path.join(root, 'guide.md'));
	const lines = await md.run(['search', 'compost tools', '-C', 'g', '--mode', 'keyword', '--format', 'path:line']);
	t.true(String(lines.stdout).split('\n').includes(`${path.join(root, 'guide.md')}:9:Run apt install compost-tools.`), String(lines.stdout));

	const other = makeTree({'compost.md': '# Compost\n\nCompost heaps, compost bins.\n'});
	await md.json(['ingest', path.join(other, 'compost.md'), '-C', 'h']);
	const across = await md.json(['search', 'compost', '-C', 'g', '-C', 'h', '--mode', 'keyword', '--collapse']);
	t.deepEqual([across.collection, across.collections], ['*', ['g', 'h']]);
	t.deepEqual(across.results.map((hit: {collection: string; source_file: string}) => `${hit.collection}:${hit.source_file}`), ['h:compost.md', 'g:guide.md']);
	t.deepEqual((await md.json(['search', 'compost', '--all', '--mode', 'keyword'])).collections, ['g', 'h']);
	const text = String((await md.run(['search', 'compost', '--all', '--mode', 'keyword'])).stdout);
	t.regex(text, / 1\. [\d.]+ {2}h:compost\.md:3-3/);
	t.regex(text, /3 results in 'g', 'h'/);

	rmSync(path.join(root, 'guide.md'));
	const vanished = await md.run(['get', 'guide.md:9:1', '-C', 'g']);
	t.is(String(vanished.stdout), 'Run apt install compost-tools.', 'the stored text, after the file is gone');
	t.regex(String(vanished.stderr), /changed or is gone since it was indexed/);
	t.true((await md.json(['get', 'guide.md', '-C', 'g'])).changed_on_disk);
	// Search hits say it too: a file gone or changed since indexing, one unchanged, and none for inline content.
	writeFileSync(path.join(other, 'compost.md'), '# Compost\n\nEdited since.\n');
	const stale = await md.json(['search', 'compost', '--all', '--mode', 'keyword', '--collapse']);
	t.deepEqual(stale.results.map((hit: {source_file: string; changed_on_disk: boolean | null}) => [hit.source_file, hit.changed_on_disk]), [['compost.md', true], ['guide.md', true]]);
	await md.json(['ingest', path.join(other, 'compost.md'), '-C', 'h']);
	t.false((await md.json(['search', 'edited', '-C', 'h', '--mode', 'keyword'])).results[0].changed_on_disk);
	const marked = String((await md.run(['search', 'compost', '-C', 'g', '--mode', 'keyword'])).stdout);
	t.regex(marked, /guide\.md:\d+-\d+ {2}\(changed on disk since indexed: md-vector update\)/);
});

test('watch: the daemon follows the folder while md-vector watch runs; every change lands in the index within seconds', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = makeTree({'a.md': '# A\n\nalpha', 'b.md': '# B\n\nbravo', 'sub/c.md': '# C\n\ncharlie', '.gitignore': 'drafts/\n'});
	await md.json(['ingest-dir', root, '-C', 'w']);
	const watching = execa('node', [cliPath, 'watch', '-C', 'w', '--json'], {env: md.environment, reject: false});
	t.teardown(() => watching.kill());
	const events: Array<{event: string; collection?: string}> = [];
	let buffered = '';
	const ready = new Promise<void>(resolve => {
		watching.stdout.on('data', (chunk: Buffer) => {
			buffered += chunk.toString();
			const lines = buffered.split('\n');
			buffered = lines.pop()!;
			events.push(...lines.map(line => JSON.parse(line) as {event: string}));
			if (events.some(event => event.event === 'ready')) {
				resolve();
			}
		});
	});
	await ready;

	rmSync(path.join(root, 'b.md'));
	writeFileSync(path.join(root, 'e.md'), '# E\n\necho');
	writeFileSync(path.join(root, 'a.md'), '# A\n\nalpha, edited');
	renameSync(path.join(root, 'sub', 'c.md'), path.join(root, 'sub', 'c2.md'));
	makeTree({'drafts/d.md': '# D', 'sub/loop': {symlink: '..'}}, root);
	// Saved the way editors do: a temporary file renamed over the original.
	writeFileSync(path.join(root, '.e.md.swp'), '# E\n\necho, saved by rename');
	renameSync(path.join(root, '.e.md.swp'), path.join(root, 'e.md'));
	const expected = ['a.md', 'e.md', 'sub/c2.md'];
	const synced = await poll(async () => {
		const listed = await documents(md, 'w');
		const text = await md.json(['get', 'e.md', '-C', 'w']).catch(() => undefined);
		return JSON.stringify(listed) === JSON.stringify(expected) && text?.content === '# E\n\necho, saved by rename' ? listed : undefined;
	}, 60_000);
	t.deepEqual(synced, expected);
	t.true(events.some(event => event.event === 'sync' && event.collection === 'w'));
	t.false(events.some(event => event.event === 'error'), JSON.stringify(events));
	await md.stop();
	const ended = await watching;
	t.is(ended.exitCode, 0, 'md-vector stop ends the watch stream, and the command with it');
	t.true(events.some(event => event.event === 'stopped'));
});

test('the watch setting: the daemon follows every folder source from its start, and a followed folder that is gone makes /health degraded', async t => {
	const md = cli({MD_VECTOR_WATCH: '1'});
	t.teardown(md.stop);
	const root = makeTree({'a.md': '# A\n\nalpha', 'sub/b.md': '# B\n\nbravo'});
	await md.json(['ingest-dir', root, '-C', 'kept']);
	// The daemon restarted with the setting: no `md-vector watch` runs, and a change still lands in the index.
	await md.run(['stop']);
	t.deepEqual(await documents(md, 'kept'), ['a.md', 'sub/b.md']);
	writeFileSync(path.join(root, 'c.md'), '# C\n\ncharlie');
	rmSync(path.join(root, 'a.md'));
	const synced = await poll(async () => {
		const listed = await documents(md, 'kept');
		return JSON.stringify(listed) === JSON.stringify(['c.md', 'sub/b.md']) ? listed : undefined;
	}, 60_000);
	t.deepEqual(synced, ['c.md', 'sub/b.md']);

	rmSync(root, {recursive: true});
	const health = await poll(async () => {
		const status = await md.json(['status']);
		return status.status === 'degraded' && JSON.stringify(status.checks.background ?? {}).includes(root) ? status : undefined;
	}, 60_000);
	t.truthy(health, 'degraded, and the background problem names the followed folder that is gone');
	t.deepEqual(await documents(md, 'kept'), ['c.md', 'sub/b.md'], 'a folder that is gone removes nothing');
});
