import {appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {realpath} from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import type {WatchBatch} from '../../daemon/engine/sources/event-batcher.js';
import {watchSources, type WatchOptions} from '../../daemon/engine/sources/source-watcher.js';
import {makeTree} from '../helpers/file-tree.js';
import {writeNotes} from '../helpers/trees.js';

/** Batches as they arrive, and a way to wait until they satisfy a condition (no fixed sleeps). */
function collector() {
	const batches: WatchBatch[] = [];
	const waiters: Array<() => void> = [];
	return {
		batches,
		onBatch(batch: WatchBatch) {
			batches.push(batch);
			for (const wake of waiters.splice(0)) {
				wake();
			}
		},
		paths: () => batches.flatMap(batch => batch.paths),
		async until(condition: () => boolean) {
			while (!condition()) {
				await new Promise<void>(resolve => waiters.push(resolve));
			}
		},
	};
}

async function watching(root: string, more: Partial<WatchOptions> = {}) {
	const seen = collector();
	const real = await realpath(root);
	const watcher = await watchSources([{id: 7, root: real}], {onBatch: seen.onBatch, quietMs: 150, ...more});
	return {seen, watcher, real};
}

test('1,000 files changed in one burst arrive in batches that hold every path exactly once', async t => {
	const root = writeNotes(20, 50); // f0..f19, 50 notes each
	const {seen, watcher} = await watching(root);
	t.teardown(async () => watcher.close());
	const changed: string[] = [];
	for (let folder = 0; folder < 20; folder++) {
		for (let note = 0; note < 50; note++) {
			changed.push(`f${folder}/note-${note}.md`);
			appendFileSync(path.join(root, `f${folder}`, `note-${note}.md`), '\nedited in a burst\n');
		}
	}

	// A last file written after the burst: once it is handed over, so were the burst's events before it.
	writeFileSync(path.join(root, 'sentinel.md'), '# done');
	await seen.until(() => seen.paths().includes('sentinel.md'));
	await watcher.settle();
	const paths = seen.paths().filter(file => file !== 'sentinel.md');
	t.is(paths.length, 1000, 'no path twice');
	t.deepEqual([...paths].sort(), [...changed].sort(), 'every path');
	t.true(seen.batches.every(batch => !batch.rescan));
	t.true(seen.batches.every(batch => batch.sourceId === 7));
});

test('an editor\'s save by rename is seen as a change of the target file', async t => {
	const root = makeTree({'doc.md': '# Doc\n\nold\n'});
	const {seen, watcher} = await watching(root);
	t.teardown(async () => watcher.close());
	writeFileSync(path.join(root, '.doc.md.swp'), '# Doc\n\nnew text\n');
	renameSync(path.join(root, '.doc.md.swp'), path.join(root, 'doc.md'));
	await seen.until(() => seen.paths().includes('doc.md'));
	t.false(seen.paths().some(file => file.endsWith('.swp')), 'the hidden temp file is not reported');
});

test('created, removed and moved files and folders are reported, also inside folders made after the start', async t => {
	const root = makeTree({'a.md': '#', 'old/b.md': '#', 'gone/c.md': '#'});
	const {seen, watcher} = await watching(root);
	t.teardown(async () => watcher.close());
	mkdirSync(path.join(root, 'new/deep'), {recursive: true});
	writeFileSync(path.join(root, 'new/deep/d.md'), '#');
	renameSync(path.join(root, 'old'), path.join(root, 'moved'));
	rmSync(path.join(root, 'gone'), {recursive: true});
	rmSync(path.join(root, 'a.md'));
	const expected = ['a.md', 'gone', 'gone/c.md', 'moved', 'moved/b.md', 'new/deep/d.md', 'old', 'old/b.md'];
	await seen.until(() => expected.every(file => seen.paths().includes(file)));
	// A folder made and a folder moved after the start are followed too.
	appendFileSync(path.join(root, 'new/deep/d.md'), 'more');
	appendFileSync(path.join(root, 'moved/b.md'), 'more');
	const before = seen.batches.length;
	await seen.until(() => ['new/deep/d.md', 'moved/b.md'].every(file => seen.batches.slice(before).some(batch => batch.paths.includes(file))));
	t.false(seen.batches.some(batch => batch.rescan), 'followed by events alone, without a rescan');
});

test('hidden folders and node_modules are not watched; `ignored` leaves out more', async t => {
	const root = makeTree({'a.md': '#', '.obsidian/x.md': '#', 'node_modules/p/y.md': '#', 'build/z.md': '#'});
	const real = await realpath(root);
	const seen = collector();
	const watcher = await watchSources([{id: 1, root: real, ignored: relative => relative === 'build'}], {onBatch: seen.onBatch, quietMs: 100});
	t.teardown(async () => watcher.close());
	for (const file of ['.obsidian/x.md', 'node_modules/p/y.md', 'build/z.md', 'a.md']) {
		appendFileSync(path.join(root, file), 'edit');
	}

	await seen.until(() => seen.paths().includes('a.md'));
	await watcher.settle();
	t.deepEqual(seen.paths(), ['a.md']);
});

test('more changes than maxPaths at once become one rescan of the source', async t => {
	const root = writeNotes(1, 30);
	const {seen, watcher} = await watching(root, {maxPaths: 10});
	t.teardown(async () => watcher.close());
	for (let note = 0; note < 30; note++) {
		appendFileSync(path.join(root, 'f0', `note-${note}.md`), 'edit');
	}

	await seen.until(() => seen.batches.some(batch => batch.rescan));
	const rescan = seen.batches.find(batch => batch.rescan)!;
	t.deepEqual(rescan.paths, []);
	t.regex(rescan.reason!, /more than 10 paths/);
});

test('batches of a source are handed over one at a time; events during a sync form the next batch', async t => {
	const root = makeTree({'a.md': '#', 'b.md': '#'});
	let active = 0;
	let most = 0;
	let release: () => void = () => undefined;
	const blocked = new Promise<void>(resolve => {
		release = resolve;
	});
	const seen = collector();
	const watcher = await watchSources([{id: 1, root: await realpath(root)}], {
		quietMs: 50,
		async onBatch(batch) {
			active++;
			most = Math.max(most, active);
			seen.onBatch(batch);
			if (seen.batches.length === 1) {
				await blocked; // the first sync is slow
			}

			active--;
		},
	});
	t.teardown(async () => watcher.close());
	appendFileSync(path.join(root, 'a.md'), 'one');
	await seen.until(() => seen.batches.length === 1);
	appendFileSync(path.join(root, 'b.md'), 'two');
	appendFileSync(path.join(root, 'a.md'), 'three');
	release();
	await seen.until(() => seen.paths().includes('b.md'));
	await watcher.settle();
	t.is(most, 1);
	t.deepEqual(seen.batches[0]!.paths, ['a.md']);
	t.deepEqual([...new Set(seen.batches.slice(1).flatMap(batch => batch.paths))].sort(), ['a.md', 'b.md']);
});

test('an exception in onBatch is reported and the watcher goes on', async t => {
	const root = makeTree({'a.md': '#'});
	const errors: unknown[] = [];
	const seen = collector();
	const watcher = await watchSources([{id: 3, root: await realpath(root)}], {
		quietMs: 50,
		onBatch(batch) {
			seen.onBatch(batch);
			if (seen.batches.length === 1) {
				throw new Error('disk full');
			}
		},
		onError: (error, sourceId) => errors.push([(error as Error).message, sourceId]),
	});
	t.teardown(async () => watcher.close());
	appendFileSync(path.join(root, 'a.md'), '1');
	await seen.until(() => seen.batches.length === 1);
	writeFileSync(path.join(root, 'b.md'), '2');
	await seen.until(() => seen.paths().includes('b.md'));
	t.deepEqual(errors, [['disk full', 3]]);
});
