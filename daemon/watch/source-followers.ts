// The daemon follows each folder source once, however many want it followed: every GET /watch/events stream and
// the `watch` setting join the same follower of a source, which has one watcher (chokidar) and made one catch-up
// sync when it started. Each follower tells its listeners the reports of its source; the last listener to leave
// closes it. (Before, each stream started its own watchers and its own full sync: 300 streams, 300 of each.)
import type {CollectionSyncReport} from '../engine/sources/sync-report.js';
import type {Engine} from '../engine/engine.js';
import type {SourceSummary} from '../engine/engine-answers.js';
import {watchSources, type SourcesWatcher} from '../engine/sources/source-watcher.js';
import type {FolderCheck, FolderVerdict} from '../engine/sources/folder-check.js';

export type FollowListener = {
	/** A sync that changed something (or failed somewhere), as the report of its collection (this source's part). */
	readonly onSync: (report: CollectionSyncReport) => void;
	readonly onError: (message: string) => void;
	/**
	 * The listener's rule for a folder's real path (its caller's allowed roots or fs scopes), checked at every batch
	 * and the catch-up on the path the sync resolves then. Undefined: the engine's own rule alone (the watch setting).
	 */
	readonly mayRead?: FolderCheck;
};

/** What a listener holds: it hears its sources until it closes. */
export type Following = {
	/** Hands over what the watchers have pending and waits for those syncs. */
	settle(): Promise<void>;
	close(): Promise<void>;
};

export type FollowerOptions = {
	readonly log: (line: string) => void;
	/** Debounce settings of the watcher (tests shorten them). */
	readonly quietMs?: number;
	readonly maxWaitMs?: number;
};

type Follower = {
	readonly sourceId: number;
	readonly collection: string;
	readonly root: string;
	readonly listeners: Set<FollowListener>;
	/** Resolves once the source is watched and caught up. */
	readonly started: Promise<SourcesWatcher>;
};

/** Whether a sync report says anything: changes, failures, conflicts, an unsynced source. */
export const eventful = (report: CollectionSyncReport) => report.sources.some(source =>
	source.added.length + source.changed.length + source.moved.length + source.renamed.length + source.removed.length + source.failed.length + source.conflicts.length > 0 || source.error !== null);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A report for a listener whose rule refused the folder: its sources unsynced, with why (nothing of them read for it). */
function refusedReport(report: CollectionSyncReport, reason: string): CollectionSyncReport {
	return {
		collection: report.collection,
		sources: report.sources.map(source => ({
			path: source.path, label: source.label, added: [], changed: [], moved: [], renamed: [], removed: [], unchanged: 0, failed: [], conflicts: [],
			skipped: {}, skippedExamples: {}, error: `${source.path}: ${reason}`,
		})),
	};
}

/**
 * Syncs a source for its listeners: the folder is read when at least one listener's rule allows its real path
 * (as the walk resolves it: no window between check and read); each listener is told the report, or, when its
 * own rule refused the folder, why it was not synced for it.
 */
async function syncFor(listeners: ReadonlySet<FollowListener>, sync: (mayRead: FolderCheck) => Promise<CollectionSyncReport | undefined>): Promise<void> {
	const verdicts = new Map<FollowListener, FolderVerdict>();
	const report = await sync(async realFolder => {
		let refusal: FolderVerdict;
		let allowed = false;
		for (const listener of listeners) {
			const verdict = await listener.mayRead?.(realFolder);
			verdicts.set(listener, verdict);
			allowed ||= verdict === undefined;
			refusal ??= verdict;
		}

		return allowed ? undefined : refusal;
	});
	if (!report) {
		return;
	}

	for (const listener of listeners) {
		const verdict = verdicts.get(listener);
		if (verdict !== undefined) {
			listener.onSync(refusedReport(report, verdict));
		} else if (eventful(report)) {
			listener.onSync(report);
		}
	}
}

export class SourceFollowers {
	/** Watchers started and catch-up syncs made since the daemon started (one each per source followed). */
	readonly started = {watchers: 0, catchUps: 0};
	private readonly followers = new Map<number, Follower>();

	constructor(private readonly engine: Engine, private readonly options: FollowerOptions) {
		// Fields only.
	}

	/** Sources followed now. */
	get size(): number {
		return this.followers.size;
	}

	/** Follows every source of these collections for `listener`; resolves once each is watched and caught up. */
	async follow(collections: readonly string[], listener: FollowListener): Promise<Following> {
		const held: Follower[] = [];
		const release = async () => {
			await Promise.all(held.splice(0).map(async follower => this.leave(follower, listener)));
		};

		try {
			for (const name of collections) {
				for (const source of await this.engine.sources(name)) {
					held.push(this.join(name, source, listener));
				}
			}

			await Promise.all(held.map(async follower => follower.started));
		} catch (error) {
			await release();
			throw error;
		}

		return {
			async settle() {
				await Promise.all(held.map(async follower => (await follower.started).settle()));
			},
			close: release,
		};
	}

	private join(collection: string, source: SourceSummary, listener: FollowListener): Follower {
		let follower = this.followers.get(source.id);
		if (!follower) {
			follower = this.start(collection, source);
			this.followers.set(source.id, follower);
		}

		follower.listeners.add(listener);
		return follower;
	}

	private start(collection: string, source: SourceSummary): Follower {
		const listeners = new Set<FollowListener>();
		const {engine} = this;
		const started = (async () => {
			const watcher = await watchSources([{id: source.id, root: source.path, hidden: source.hidden}], {
				quietMs: this.options.quietMs,
				maxWaitMs: this.options.maxWaitMs,
				async onBatch(batch) {
					await syncFor(listeners, async mayRead => engine.syncWatched(collection, batch.sourceId, batch, mayRead));
				},
				onError(error) {
					for (const listener of listeners) {
						listener.onError(messageOf(error));
					}
				},
			});
			this.started.watchers++;
			try {
				// Catching up: what changed while nobody watched (stat only, as an update).
				await syncFor(listeners, async mayRead => engine.syncWatched(collection, source.id, {paths: [], rescan: false}, mayRead));
				this.started.catchUps++;
				this.options.log(`watch: following ${source.path} (collection '${collection}'): watcher started, caught up`);
			} catch (error) {
				await watcher.close();
				throw error;
			}

			return watcher;
		})();
		const follower: Follower = {sourceId: source.id, collection, root: source.path, listeners, started};
		started.catch(() => { // a later listener starts afresh
			if (this.followers.get(source.id) === follower) {
				this.followers.delete(source.id);
			}
		});
		return follower;
	}

	private async leave(follower: Follower, listener: FollowListener): Promise<void> {
		follower.listeners.delete(listener);
		if (follower.listeners.size > 0 || this.followers.get(follower.sourceId) !== follower) {
			return;
		}

		this.followers.delete(follower.sourceId);
		const watcher = await follower.started.catch(() => undefined);
		if (!watcher) {
			return;
		}

		await watcher.close();
		this.options.log(`watch: stopped following ${follower.root} (collection '${follower.collection}')`);
	}
}
