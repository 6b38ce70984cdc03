import {performance} from 'node:perf_hooks';
import {snapshotSource} from '../daemon/engine/sources/snapshot-source.js';
import {walkSource} from '../daemon/engine/sources/walk-source.js';
import {walkMarkdown} from './walk-markdown.js';
import {percentile} from './machine.js';

/** Medians: wall-clock time, and CPU time of this process (all its threads), which other load disturbs less. */
export type Timing = {readonly wallMs: number; readonly cpuMs: number};

export type WalkComparison = {
	readonly files: number;
	readonly sameFiles: boolean;
	readonly old: Timing;
	readonly new: Timing;
	/** Walk + read + hash of every file (a first sync, or a rescan). */
	readonly hashAll: Timing;
	/** Walk + hash known by size and mtime (what a watcher's batch costs when few files changed). */
	readonly known: Timing;
};

type Samples = {wall: number[]; cpu: number[]};

async function timed(samples: Samples, run: () => Promise<unknown>): Promise<void> {
	const cpu = process.cpuUsage();
	const started = performance.now();
	await run();
	samples.wall.push(performance.now() - started);
	const used = process.cpuUsage(cpu);
	samples.cpu.push((used.user + used.system) / 1000);
}

const median = (samples: Samples): Timing => ({wallMs: percentile(samples.wall, 50), cpuMs: percentile(samples.cpu, 50)});
const samples = (): Samples => ({wall: [], cpu: []});

/**
 * The old walker (readdir, Markdown names only) against the new one (ignore files, globs, symlinks, a stat per
 * file), alternating so that neither gains from a warmer cache; medians of `runs`. Then the snapshot a sync uses.
 */
export async function compareWalkers(root: string, runs = 7): Promise<WalkComparison> {
	const old = await walkMarkdown(root);
	const fresh = await walkSource(root, {maxFileBytes: Number.POSITIVE_INFINITY});
	const times = {old: samples(), new: samples(), hashAll: samples(), known: samples()};
	const full = await snapshotSource(root);
	const known = new Map(full.files.map(file => [file.path, file]));
	for (let run = 0; run < runs; run++) {
		await timed(times.old, async () => walkMarkdown(root));
		await timed(times.new, async () => walkSource(root));
		await timed(times.hashAll, async () => snapshotSource(root));
		await timed(times.known, async () => snapshotSource(root, {known}));
	}

	return {
		files: old.length,
		sameFiles: JSON.stringify(old) === JSON.stringify(fresh.files.map(file => file.path)),
		old: median(times.old), new: median(times.new), hashAll: median(times.hashAll), known: median(times.known),
	};
}
