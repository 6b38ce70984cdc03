import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {walkSource} from '../../daemon/engine/sources/walk-source.js';
import {walkMarkdown} from '../../bench/walk-markdown.js';
import {makeTree} from '../helpers/file-tree.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';

const paths = (result: Awaited<ReturnType<typeof walkSource>>) => result.files.map(file => file.path);

test('finds Markdown files in path order and counts what it skips, with the reason', async t => {
	const root = makeTree({
		'b.md': '# B', 'a.markdown': '# A', 'sub/c.mdx': '# C', 'sub/d.MD': '# D',
		'image.png': 'png', 'notes.txt': 'txt',
		'.hidden.md': '# H', '.obsidian/x.md': '# X', 'node_modules/pkg/README.md': '# P', 'deep/node_modules/y.md': '# Y',
	});
	const result = await walkSource(root);
	t.deepEqual(paths(result), ['a.markdown', 'b.md', 'sub/c.mdx', 'sub/d.MD']);
	t.is(result.skipped.counts.not_markdown, 2);
	t.is(result.skipped.counts.hidden, 2);
	t.deepEqual(result.skipped.examples.hidden.sort(), ['.hidden.md', '.obsidian/']);
	t.is(result.skipped.counts.node_modules, 2);
	t.deepEqual(result.skipped.examples.node_modules.sort(), ['deep/node_modules/', 'node_modules/']);
	t.is(result.files[0]!.absolutePath, path.join(result.root, 'a.markdown'));
	t.is(result.files[0]!.size, 3);
});

test('hidden: true walks dot-names and node_modules, never .git', async t => {
	const root = makeTree({'.obsidian/x.md': '# X', 'node_modules/y.md': '# Y', '.git/HEAD.md': 'ref', 'a.md': '# A'});
	const result = await walkSource(root, {hidden: true});
	t.deepEqual(paths(result), ['.obsidian/x.md', 'a.md', 'node_modules/y.md']);
	t.deepEqual(result.skipped.examples.hidden, ['.git/']);
});

test('.gitignore and .mdvectorignore apply at any depth with git\'s semantics; ignoreFiles: false turns them off', async t => {
	const root = makeTree({
		'.gitignore': 'build/\n*.draft.md\n/top-only.md\n',
		'a.md': '#', 'top-only.md': '#', 'x.draft.md': '#', 'build/out.md': '#',
		'sub/top-only.md': '#', // `/top-only.md` is anchored to the root's folder
		'sub/.gitignore': '!keep.draft.md\nlocal.md\n',
		'sub/keep.draft.md': '#', 'sub/other.draft.md': '#', 'sub/local.md': '#',
		'sub/deeper/local.md': '#', // a pattern without '/' matches at any depth below its file
		'sub/.mdvectorignore': 'private/\n!deeper/local.md\n',
		'sub/private/secret.md': '#',
		'other/local.md': '#', // sub's rules do not reach a sibling folder
	});
	const result = await walkSource(root);
	t.deepEqual(paths(result), ['a.md', 'other/local.md', 'sub/deeper/local.md', 'sub/keep.draft.md', 'sub/top-only.md']);
	t.is(result.skipped.counts.ignored, 6);
	t.deepEqual(result.skipped.examples.ignored.sort(), ['build/', 'sub/local.md', 'sub/other.draft.md', 'sub/private/', 'top-only.md', 'x.draft.md']);

	const all = await walkSource(root, {ignoreFiles: false});
	t.is(all.files.length, 11);
	t.is(all.skipped.counts.ignored, 0);
});

test('the ignore files of the git work tree above a source apply to it; without a work tree they do not', async t => {
	const repo = makeTree({'.gitignore': 'docs/generated/\n*.tmp.md\n', 'docs/a.md': '#', 'docs/generated/api.md': '#', 'docs/b.tmp.md': '#'});
	mkdirSync(path.join(repo, '.git'));
	const result = await walkSource(path.join(repo, 'docs'));
	t.deepEqual(paths(result), ['a.md']);
	t.deepEqual(result.skipped.examples.ignored.sort(), ['b.tmp.md', 'generated/']);

	const plain = makeTree({'.gitignore': 'docs/generated/\n', 'docs/a.md': '#', 'docs/generated/api.md': '#'});
	t.deepEqual(paths(await walkSource(path.join(plain, 'docs'))), ['a.md', 'generated/api.md']);
});

test('--include and --exclude globs: names at any depth without a \'/\', anchored paths with one', async t => {
	const root = makeTree({'a.md': '#', 'a.draft.md': '#', 'docs/b.md': '#', 'docs/x/c.md': '#', 'archive/old.md': '#', 'x/docs/d.md': '#'});
	const excluded = await walkSource(root, {exclude: ['*.draft.md', 'archive']});
	t.deepEqual(paths(excluded), ['a.md', 'docs/b.md', 'docs/x/c.md', 'x/docs/d.md']);
	t.deepEqual(excluded.skipped.examples.excluded.sort(), ['a.draft.md', 'archive/']);

	const included = await walkSource(root, {include: ['docs/**'], exclude: ['docs/x/**']});
	t.deepEqual(paths(included), ['docs/b.md']);
	// Files outside the include globs, and the excluded folder once (not entered).
	t.deepEqual(included.skipped.examples.excluded.sort(), ['a.draft.md', 'a.md', 'archive/old.md', 'docs/x/', 'x/docs/d.md']);
});

test('symlinks: followed inside the source, skipped when they leave it, loop, repeat a walked target or are broken', async t => {
	const outside = makeTree({'elsewhere.md': '# outside'});
	const root = makeTree({
		'a.md': '# A',
		'sub/b.md': '# B',
		'sub/loop': {symlink: '..'}, // a folder holding the link
		self: {symlink: '.'},
		'alias.md': {symlink: 'sub/b.md'}, // walked already as sub/b.md
		'alias-dir': {symlink: 'sub'},
		'.store/kept.md': '# K', // hidden: not walked under its own name...
		kept: {symlink: '.store'}, // ...so the link brings it in, under the link's name
		'out.md': {symlink: path.join(outside, 'elsewhere.md')},
		'out-dir': {symlink: outside},
		'broken.md': {symlink: 'missing.md'},
		'.#broken.md': {symlink: 'me@host.1234'}, // an editor's lock: hidden, not a failure
		'broken.txt': {symlink: 'missing.txt'},
	});
	const result = await walkSource(root);
	t.deepEqual(paths(result), ['a.md', 'kept/kept.md', 'sub/b.md']);
	t.is(result.files[1]!.absolutePath, path.join(result.root, 'kept', 'kept.md'));
	const {examples} = result.skipped;
	t.deepEqual(examples.symlink_loop.sort(), ['self/', 'sub/loop/']);
	t.deepEqual(examples.symlink_duplicate.sort(), ['alias-dir/', 'alias.md']);
	t.deepEqual(examples.symlink_outside.sort(), ['out-dir/', 'out.md']);
	t.deepEqual(examples.unreadable, ['broken.md']);
	t.true(examples.hidden.includes('.#broken.md'));
	t.true(examples.not_markdown.includes('broken.txt'));
});

test('a root reached through a symlink is resolved, and links inside it are judged against the real root', async t => {
	const real = makeTree({'a.md': '#', 'link.md': {symlink: 'a.md'}});
	const alias = path.join(temporaryDirectory(), 'alias');
	makeTree({alias: {symlink: real}}, path.dirname(alias));
	const result = await walkSource(alias);
	t.deepEqual(paths(result), ['a.md']);
	t.deepEqual(result.skipped.examples.symlink_duplicate, ['link.md']);
});

test('files over the size limit are skipped as too_large', async t => {
	const root = makeTree({'small.md': 'x'.repeat(100), 'big.md': 'x'.repeat(101)});
	const result = await walkSource(root, {maxFileBytes: 100});
	t.deepEqual(paths(result), ['small.md']);
	t.deepEqual(result.skipped.examples.too_large, ['big.md']);
});

test('a missing root or a file as root is refused with the field and the reason', async t => {
	const file = path.join(temporaryDirectory(), 'file.md');
	writeFileSync(file, '#');
	await t.throwsAsync(walkSource(path.join(temporaryDirectory(), 'nope')), {message: /^directory: .*does not exist/});
	await t.throwsAsync(walkSource(file), {message: /^directory: .*is not a folder/});
});

test('a cancelled walk stops with the signal\'s reason', async t => {
	const controller = new AbortController();
	controller.abort(new Error('stop'));
	await t.throwsAsync(walkSource(makeTree({'a.md': '#'}), {signal: controller.signal}), {message: 'stop'});
});

test('on the PowerShell docs (no ignore files) it finds exactly the files the old walker finds', async t => {
	const corpus = path.join(sharedData, 'powershell-docs', 'corpus');
	const result = await walkSource(corpus, {maxFileBytes: Number.POSITIVE_INFINITY});
	const old = await walkMarkdown(corpus);
	t.true(old.length > 3000);
	t.deepEqual(paths(result), old);
	t.is(result.skipped.counts.hidden, 1); // .github
});
