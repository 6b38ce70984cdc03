import {appendFileSync, cpSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {setTimeout as delay} from 'node:timers/promises';
import {poll} from '../source/client/poll.js';
import {startDaemon} from '../test/helpers/daemon.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {percentile} from './machine.js';

export type DaemonWatchMeasurement = {
	readonly files: number;
	readonly idleSeconds: number;
	/** The daemon's CPU (all its threads) while watching and idle, as a share of one core. */
	readonly idleCpuPercent: number;
	readonly saves: number;
	/** From a file's save to its new text being found by a search, through the daemon. */
	readonly searchableP50: number;
	readonly searchableP95: number;
};

/** CPU seconds a process used so far (user + system, all threads), from /proc (Linux). */
function cpuSeconds(pid: number): number {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
	return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/**
 * The real daemon (the generated test model) with a copy of a corpus as a folder source, followed through GET
 * /watch/events: its idle CPU while watching, and the time from a save to the new text being searchable.
 */
export async function measureDaemonWatch(corpus: string, idleSeconds = 30, saves = 20): Promise<DaemonWatchMeasurement> {
	const root = temporaryDirectory('md-vector-bench-watch-');
	cpSync(corpus, root, {recursive: true});
	const daemon = await startDaemon({MD_VECTOR_ALLOWED_ROOTS: root});
	try {
		const {job} = (await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: root, collection: 'bench'})).body;
		const done = await poll(async () => {
			const current = (await daemon.request('GET', `/api/v1/jobs/${job.id}`)).body.job;
			return current.state === 'running' ? undefined : current;
		}, 1_800_000, 1000);
		// Idle means idle: the vector index built after a large ingest (HNSW) finishes first.
		await poll(async () => ((await daemon.request('GET', '/api/v1/stats?collection=bench')).body.index_rebuilding === null ? true : undefined), 1_800_000, 1000);
		const controller = new AbortController();
		const stream = await fetch(`${daemon.url}/api/v1/watch/events?collection=bench`, {signal: controller.signal});
		const reader = stream.body!.getReader();
		let seen = '';
		while (!seen.includes('event: ready')) {
			const {value, done: ended} = await reader.read();
			if (ended) {
				throw new Error(`the watch stream ended: ${seen}`);
			}

			seen += new TextDecoder().decode(value);
		}

		const pid = daemon.process.pid!;
		const before = cpuSeconds(pid);
		await delay(idleSeconds * 1000); // the measured idle period itself
		const idleCpuPercent = ((cpuSeconds(pid) - before) / idleSeconds) * 100;

		const files = readdirSync(root, {recursive: true, encoding: 'utf8'}).filter(file => file.endsWith('.md'));
		const latencies: number[] = [];
		for (let save = 0; save < saves; save++) {
			const token = `zqwatchtoken${save}x`;
			const file = files[(save * 97) % files.length]!;
			const started = performance.now();
			appendFileSync(path.join(root, file), `\n\nThe word ${token} was saved.\n`);
			const found = await poll(async () => {
				const answer = await daemon.request('POST', '/api/v1/search', {query: token, mode: 'keyword', collection: 'bench', top_k: 1});
				return answer.body.results?.length > 0 ? true : undefined;
			}, 60_000, 20);
			if (!found) {
				throw new Error(`${token} in ${file} was not searchable within 60 s`);
			}

			latencies.push(performance.now() - started);
		}

		controller.abort();
		return {files: done.progress.total_files as number, idleSeconds, idleCpuPercent, saves, searchableP50: percentile(latencies, 50), searchableP95: percentile(latencies, 95)};
	} finally {
		await daemon.stop();
	}
}
