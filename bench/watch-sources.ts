import {appendFileSync, cpSync, writeFileSync} from 'node:fs';
import {realpath} from 'node:fs/promises';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {setTimeout as sleep} from 'node:timers/promises';
import type {WatchBatch} from '../daemon/engine/sources/event-batcher.js';
import {walkSource} from '../daemon/engine/sources/walk-source.js';
import {watchDefaults, watchSources} from '../daemon/engine/sources/source-watcher.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {percentile} from './machine.js';

export type WatchMeasurement = {
	readonly files: number;
	readonly readyMs: number;
	readonly idleSeconds: number;
	/** CPU time of this process while watching and nothing changes, as a share of one core. */
	readonly idleCpuPercent: number;
	readonly rssMb: number;
	/** From a save to the batch that holds the file (the default debounce included). */
	readonly latencyP50: number;
	readonly latencyP95: number;
	readonly burstFiles: number;
	/** From the first write of a 1,000-file burst to the batch holding its last path. */
	readonly burstMs: number;
	readonly burstBatches: number;
	readonly burstPathsDelivered: number;
};

/**
 * The watcher with its default settings on a copy of a real tree: readiness, idle CPU (what a daemon that keeps
 * watching costs), save-to-batch latency over `saves` sequential saves, and one burst of 1,000 edits.
 */
export async function measureWatcher(corpus: string, idleSeconds = 30, saves = 30): Promise<WatchMeasurement> {
	const root = path.join(temporaryDirectory('md-vector-watch-bench-'), 'tree');
	cpSync(corpus, root, {recursive: true});
	const real = await realpath(root);
	const files = (await walkSource(real)).files.map(file => file.path);
	const arrivals = new Map<string, number>();
	const batches: WatchBatch[] = [];
	const waiters: Array<() => void> = [];
	const onBatch = (batch: WatchBatch) => {
		batches.push(batch);
		for (const file of batch.paths) {
			arrivals.set(file, performance.now());
		}

		for (const wake of waiters.splice(0)) {
			wake();
		}
	};

	const until = async (condition: () => boolean) => {
		while (!condition()) {
			await new Promise<void>(resolve => waiters.push(resolve));
		}
	};

	const started = performance.now();
	const watcher = await watchSources([{id: 1, root: real}], {onBatch});
	const readyMs = performance.now() - started;
	try {
		await sleep(2000); // let start-up work (stat of every file) finish before idling is measured
		const before = process.cpuUsage();
		const idleStart = performance.now();
		await sleep(idleSeconds * 1000);
		const used = process.cpuUsage(before);
		const idleCpuPercent = ((used.user + used.system) / 1000) / (performance.now() - idleStart) * 100;
		const rssMb = process.memoryUsage().rss / (2 ** 20);

		const latencies: number[] = [];
		for (let save = 0; save < saves; save++) {
			const file = files[(save * 97) % files.length]!;
			arrivals.delete(file);
			const at = performance.now();
			appendFileSync(path.join(real, file), `\nsaved ${save}\n`);
			await until(() => arrivals.has(file));
			latencies.push(arrivals.get(file)! - at);
		}

		const burst = files.slice(0, 1000);
		arrivals.clear();
		const firstBatch = batches.length;
		const burstStart = performance.now();
		for (const file of burst) {
			appendFileSync(path.join(real, file), '\nburst\n');
		}

		writeFileSync(path.join(real, 'zz-sentinel.md'), '# after the burst');
		await until(() => arrivals.has('zz-sentinel.md') && burst.every(file => arrivals.has(file)));
		await watcher.settle();
		const burstBatches = batches.slice(firstBatch);
		return {
			files: files.length, readyMs, idleSeconds, idleCpuPercent, rssMb,
			latencyP50: percentile(latencies, 50), latencyP95: percentile(latencies, 95),
			burstFiles: burst.length, burstMs: Math.max(...burst.map(file => arrivals.get(file)!)) - burstStart,
			burstBatches: burstBatches.length, burstPathsDelivered: burstBatches.flatMap(batch => batch.paths).filter(file => file !== 'zz-sentinel.md').length,
		};
	} finally {
		await watcher.close();
	}
}

export const watchSettings = `quiet ${watchDefaults.quietMs} ms, at most ${watchDefaults.maxWaitMs} ms per batch, rescan above ${watchDefaults.maxPaths} paths`;
