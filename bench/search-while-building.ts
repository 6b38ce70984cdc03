// Search latency while a collection's vector index is being built (issue 37: "with an index build under way too"):
// an import that takes a collection past the size that asks for another kind of index (the embedded store builds
// an HNSW graph beside its exact index as the writes settle; PostgreSQL creates its HNSW index) runs while word
// queries in every mode go to the same daemon; each search counts as "while building" when the collection's stats,
// read every few queries, said a build was under way. Searching goes on after the import until no build runs.
import {performance} from 'node:perf_hooks';
import type {SearchMode} from '../common/search-defaults.js';
import type {BenchDaemon} from './postgres/bench-daemon.js';

const modes: readonly SearchMode[] = ['keyword', 'semantic', 'hybrid'];

/** A search slower than most: when it was sent (s after the import began), its round trip and the daemon's own timings. */
export type SlowSearch = {readonly mode: SearchMode; readonly atS: number; readonly tookMs: number; readonly timings: Readonly<Record<string, number>>; readonly importing: boolean};

/**
 * One daemon's searches while its index was built: round trips per mode, how long a build was seen, and the
 * slowest searches (a tail says more with when it came: during the import, or the build after it).
 */
export type WhileBuilding = {readonly daemon: string; readonly seconds: number; readonly times: ReadonlyMap<SearchMode, number[]>; readonly slowest: readonly SlowSearch[]; readonly importS?: number};

const keptSlowest = 6;

/**
 * Runs `work` (the import) on `daemon` while searching it; answers what `work` answered and the searches during a
 * build. `everyMs`: a round (one search per mode) starts at most that often, so builds that answer searches sooner
 * are not given more searches to answer (0: one round after the other, as fast as they come back).
 */
export async function searchWhileBuilding<T>(daemon: BenchDaemon, collection: string, queries: readonly string[], work: Promise<T>, {everyMs = 0, limitMs = 300_000} = {}): Promise<{result: T; figures: WhileBuilding}> {
	let finished = false;
	let importS: number | undefined;
	const done = work.finally(() => {
		finished = true;
		importS = (performance.now() - since) / 1000;
	});
	const slowest: SlowSearch[] = [];
	const times = new Map(modes.map(mode => [mode, [] as number[]]));
	const since = performance.now();
	let building = false;
	let buildingMs = 0;
	for (let index = 0; performance.now() - since < limitMs; index++) {
		const round = performance.now();
		if (index % 3 === 0) {
			const checked = performance.now();
			building = await daemon.client.stats(collection).then(stats => stats.index_rebuilding !== null, () => false);
			buildingMs += building ? performance.now() - checked : 0;
			if (finished && !building) {
				break;
			}
		}

		for (const mode of modes) {
			const before = performance.now();
			const response = await daemon.client.search({query: queries[index % queries.length]!, collection, mode, top_k: 10});
			const took = performance.now() - before;
			if (building) {
				times.get(mode)!.push(took);
				buildingMs += took;
				slowest.push({mode, atS: (before - since) / 1000, tookMs: took, timings: response.timings_ms, importing: !finished});
				slowest.sort((a, b) => b.tookMs - a.tookMs).splice(keptSlowest);
			}
		}

		const rest = everyMs - (performance.now() - round);
		if (rest > 0) {
			await new Promise(resolve => {
				setTimeout(resolve, rest);
			});
			buildingMs += building ? rest : 0;
		}
	}

	return {result: await done, figures: {daemon: daemon.name, seconds: buildingMs / 1000, times, slowest, importS}};
}
