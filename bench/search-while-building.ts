// Search latency while a collection's vector index is being built (issue 37: "with an index build under way too"):
// after an import takes a collection past the size that asks for another kind of index (the embedded store builds
// an HNSW graph beside its exact index; PostgreSQL creates its HNSW index), word queries in every mode go to each
// daemon in turn for as long as its build runs.
import {performance} from 'node:perf_hooks';
import type {SearchMode} from '../common/search-defaults.js';
import {poll} from '../source/client/poll.js';
import type {BenchDaemon} from './postgres/bench-daemon.js';

const modes: readonly SearchMode[] = ['keyword', 'semantic', 'hybrid'];

/** One daemon's searches while its build ran: round trips per mode, and how long the build was watched. */
export type WhileBuilding = {readonly daemon: string; readonly built: boolean; readonly seconds: number; readonly times: ReadonlyMap<SearchMode, number[]>};

const building = async (daemon: BenchDaemon, collection: string) => (await daemon.client.stats(collection)).index_rebuilding !== null;

/**
 * Waits up to `startMs` for each daemon's build to start (a build starts once writes have settled), then searches
 * each building daemon in turn, `queries` over and over, until its build ends or `limitMs` passed.
 */
export async function searchWhileBuilding(daemons: readonly BenchDaemon[], collection: string, queries: readonly string[], {startMs = 15_000, limitMs = 300_000} = {}): Promise<WhileBuilding[]> {
	const started = await Promise.all(daemons.map(async daemon => Boolean(await poll(async () => (await building(daemon, collection)) || undefined, startMs, 100))));
	const results = daemons.map((daemon, at) => ({daemon: daemon.name, built: started[at]!, seconds: 0, times: new Map(modes.map(mode => [mode, [] as number[]]))}));
	const watching = new Set(daemons.flatMap((_, at) => (started[at] ? [at] : [])));
	const since = performance.now();
	for (let index = 0; watching.size > 0 && performance.now() - since < limitMs; index++) {
		const query = queries[index % queries.length]!;
		for (const at of watching) {
			for (const mode of modes) {
				const before = performance.now();
				await daemons[at]!.client.search({query, collection, mode, top_k: 10});
				results[at]!.times.get(mode)!.push(performance.now() - before);
			}
		}

		if (index % 5 === 4) {
			for (const at of watching) {
				if (!await building(daemons[at]!, collection)) {
					watching.delete(at);
					results[at]!.seconds = (performance.now() - since) / 1000;
				}
			}
		}
	}

	for (const at of watching) {
		results[at]!.seconds = (performance.now() - since) / 1000;
	}

	return results;
}
