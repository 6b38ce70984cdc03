import type {Stats} from 'node:fs';
import path from 'node:path';
import {watch, type FSWatcher} from 'chokidar';
import {EventBatcher, type WatchBatch} from './event-batcher.js';
import {defaultSkip} from './path-filters.js';

export type WatchedSource = {
	readonly id: number;
	/** Absolute, resolved folder (the walker's `root`), so event paths match the walker's. */
	readonly root: string;
	/** Watch dot-names and `node_modules` too (as the walker's `hidden`). */
	readonly hidden?: boolean;
	/** Paths not worth watching (say, folders the source's ignore files leave out); relative, POSIX. */
	readonly ignored?: (relative: string, isDirectory: boolean) => boolean;
};

export type WatchOptions = {
	/** Called with one batch at a time per source; the next batch of that source waits for it. */
	readonly onBatch: (batch: WatchBatch) => Promise<void> | void;
	/** A watcher error (that source's next batch is a rescan) or an exception of onBatch. */
	readonly onError?: (error: unknown, sourceId: number) => void;
	readonly quietMs?: number;
	readonly maxWaitMs?: number;
	readonly maxPaths?: number;
};

export type SourcesWatcher = {
	/** Hands over what is pending now and waits for every delivery to finish. */
	settle(): Promise<void>;
	close(): Promise<void>;
};

export const watchDefaults = {quietMs: 300, maxWaitMs: 2000, maxPaths: 5000};

/**
 * Follows the folders of every source (chokidar: it was the only candidate measured here that keeps following
 * folders created, moved in or renamed after the start; see docs/sync-design.md) and hands debounced batches
 * of changed paths to `onBatch`. Resolves once every folder is watched.
 */
export async function watchSources(sources: readonly WatchedSource[], options: WatchOptions): Promise<SourcesWatcher> {
	const watchers: Array<{watcher: FSWatcher; batcher: EventBatcher}> = [];
	try {
		for (const source of sources) {
			watchers.push(await watchOne(source, options));
		}
	} catch (error) {
		await Promise.all(watchers.map(async ({watcher, batcher}) => Promise.all([watcher.close(), batcher.close()])));
		throw error;
	}

	return {
		async settle() {
			await Promise.all(watchers.map(async ({batcher}) => batcher.settle()));
		},
		async close() {
			await Promise.all(watchers.map(async ({watcher, batcher}) => Promise.all([watcher.close(), batcher.close()])));
		},
	};
}

async function watchOne(source: WatchedSource, options: WatchOptions): Promise<{watcher: FSWatcher; batcher: EventBatcher}> {
	const batcher = new EventBatcher({
		sourceId: source.id,
		quietMs: options.quietMs ?? watchDefaults.quietMs,
		maxWaitMs: options.maxWaitMs ?? watchDefaults.maxWaitMs,
		maxPaths: options.maxPaths ?? watchDefaults.maxPaths,
		deliver: options.onBatch,
		onError: error => options.onError?.(error, source.id),
	});
	const relative = (absolute: string) => path.relative(source.root, absolute).split(path.sep).join('/');
	const ignored = (absolute: string, stats?: Stats) => {
		if (absolute === source.root) {
			return false;
		}

		return defaultSkip(path.basename(absolute), source.hidden ?? false) !== undefined
			|| (source.ignored?.(relative(absolute), stats?.isDirectory() ?? false) ?? false);
	};

	// Symlinks are not followed: a target inside the source is watched where it really is, and the sync's
	// walk (which does follow them) picks up what changed through them.
	const watcher = watch(source.root, {ignoreInitial: true, alwaysStat: true, followSymlinks: false, ignored});
	watcher.on('all', (event, absolute, stats) => {
		const local = relative(absolute);
		if (local === '') {
			batcher.rescan(`the source folder itself was ${event === 'unlinkDir' ? 'removed' : 'changed'}`);
			return;
		}

		const gone = event === 'unlink' || event === 'unlinkDir';
		batcher.add(local, gone ? 'gone' : (stats ? `${stats.size}:${stats.mtimeMs}` : event));
	});
	watcher.on('error', error => {
		batcher.rescan(`watcher error: ${error instanceof Error ? error.message : String(error)}`);
		options.onError?.(error, source.id);
	});
	await new Promise<void>((resolve, reject) => {
		watcher.once('ready', resolve);
		watcher.once('error', reject);
	});
	return {watcher, batcher};
}
