import type {Engine} from '../engine/engine.js';
import type {BackgroundProblems} from '../engine/background-problems.js';
import type {Following, SourceFollowers} from './source-followers.js';

/** How often the daemon looks for folder sources added or removed since it began following them. */
const recheckMs = 10_000;

const problemKey = 'watch';

/** The folder sources to follow, as one comparable key: collection and source id of each. */
async function sourceSet(engine: Engine): Promise<{names: string[]; key: string}> {
	const names: string[] = [];
	const ids: string[] = [];
	for (const entry of await engine.collections()) {
		if (entry.sources > 0) {
			names.push(entry.name);
			ids.push(...(await engine.sources(entry.name)).map(source => `${entry.name}\0${source.id}`));
		}
	}

	return {names, key: ids.sort().join('\n')};
}

/**
 * The `watch` setting (MD_VECTOR_WATCH): the daemon follows every collection's folder sources from its start, as
 * `md-vector watch` does while it runs, and follows sources added or removed later within recheckMs. It joins the
 * same followers as watch streams (one watcher per source). A watcher that fails is a background problem in
 * /health (cleared once following works again).
 */
export function keepWatching(engine: Engine, followers: SourceFollowers, log: (line: string) => void, problems: BackgroundProblems): {close: () => Promise<void>} {
	let watcher: Following | undefined;
	let followed = '';
	let closed = false;
	let busy = Promise.resolve();
	const refresh = async () => {
		const {names, key} = await sourceSet(engine);
		if (closed || key === followed) {
			return;
		}

		// The new set is joined before the old one is left: a source in both keeps its watcher.
		const previous = watcher;
		watcher = undefined;
		followed = key;
		if (names.length === 0) {
			await previous?.close();
			return;
		}

		try {
			watcher = await followers.follow(names, {
				onSync(report) {
					const changes = report.sources.reduce((sum, source) => sum + source.added.length + source.changed.length + source.moved.length + source.renamed.length + source.removed.length, 0);
					log(`watch: synced '${report.collection}' (${changes} change${changes === 1 ? '' : 's'})`);
					// A followed folder that is gone (or unreadable) makes /health degraded until a sync reaches it again.
					// By folder: a report may be one source's (each source is synced on its own).
					for (const source of report.sources) {
						const key = `${problemKey}:${report.collection}:${source.path}`;
						if (source.error === null) {
							problems.resolve(key);
						} else {
							problems.report(key, `${source.path}: ${source.error}`);
						}
					}
				},
				onError(message) {
					problems.report(problemKey, `following the folder sources failed: ${message}`);
				},
			});
		} finally {
			await previous?.close();
		}

		problems.resolve(problemKey);
		log(`watch: following the folder sources of ${names.map(name => `'${name}'`).join(', ')}`);
	};

	const tick = () => {
		busy = busy.then(refresh).catch((error: unknown) => {
			followed = ''; // try again at the next tick
			problems.report(problemKey, `following the folder sources failed: ${error instanceof Error ? error.message : String(error)}`);
		});
	};

	tick();
	const timer = setInterval(tick, recheckMs);
	timer.unref();
	return {
		async close() {
			closed = true;
			clearInterval(timer);
			await busy;
			await watcher?.close();
		},
	};
}
