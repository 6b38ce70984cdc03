/** Paths of one source that changed, handed to the sync in one piece. */
export type WatchBatch = {
	readonly sourceId: number;
	/** POSIX paths relative to the source root (files and folders), each once, sorted. */
	readonly paths: readonly string[];
	/** True when the events could not be trusted (too many, a watcher error): sync the whole source. */
	readonly rescan: boolean;
	/** Why a rescan was asked for. */
	readonly reason?: string;
};

export type BatcherOptions = {
	readonly sourceId: number;
	/** A batch is handed over once no event came for this long... */
	readonly quietMs: number;
	/** ...or this long after its first event, while events keep coming. */
	readonly maxWaitMs: number;
	/** More changed paths than this in one batch: a rescan instead (a branch switch, a bulk copy). */
	readonly maxPaths: number;
	readonly deliver: (batch: WatchBatch) => Promise<void> | void;
	readonly onError: (error: unknown) => void;
};

/**
 * Debounces and batches one source's events. Batches are handed over one at a time (never two syncs of a
 * source at once); events during a delivery form the next batch. A path's event that repeats the state
 * already handed over (same signature: size and mtime, or gone) is dropped, so a burst of duplicate events
 * never makes a file be synced twice.
 */
export class EventBatcher {
	private pending = new Map<string, string>();
	private rescanReason: string | undefined;
	private firstEventAt: number | undefined;
	private timer: NodeJS.Timeout | undefined;
	private delivering: Promise<void> | undefined;
	private readonly delivered = new Map<string, string>();
	private closed = false;

	constructor(private readonly options: BatcherOptions) {
		// State starts empty: no event yet.
	}

	/** A path changed; `signature` tells its new state ('gone' when it was removed). */
	add(path: string, signature: string): void {
		if (this.closed || this.rescanReason !== undefined || (this.delivered.get(path) === signature && !this.pending.has(path))) {
			return;
		}

		this.pending.set(path, signature);
		if (this.pending.size > this.options.maxPaths) {
			this.rescan(`more than ${this.options.maxPaths} paths changed at once`);
			return;
		}

		this.schedule();
	}

	/** The events can no longer be trusted: the next batch asks for a sync of the whole source. */
	rescan(reason: string): void {
		if (this.closed) {
			return;
		}

		this.rescanReason ??= reason;
		this.pending.clear();
		this.schedule();
	}

	/** Hands over what is pending now, and resolves once every delivery so far has finished. */
	async settle(): Promise<void> {
		await this.delivering;
		if (this.pending.size > 0 || this.rescanReason !== undefined) {
			clearTimeout(this.timer);
			await this.flush();
		}
	}

	/** Stops: pending events are dropped (a sync at the next start catches up); a delivery under way finishes. */
	async close(): Promise<void> {
		this.closed = true;
		clearTimeout(this.timer);
		await this.delivering;
	}

	private schedule(): void {
		if (this.delivering) {
			return; // the delivery's end schedules what came meanwhile
		}

		const now = Date.now();
		this.firstEventAt ??= now;
		clearTimeout(this.timer);
		const delay = Math.max(0, Math.min(this.options.quietMs, this.firstEventAt + this.options.maxWaitMs - now));
		this.timer = setTimeout(() => void this.flush(), delay);
	}

	private async flush(): Promise<void> {
		if (this.closed || this.delivering !== undefined || (this.pending.size === 0 && this.rescanReason === undefined)) {
			return;
		}

		const rescan = this.rescanReason !== undefined;
		const batch: WatchBatch = {
			sourceId: this.options.sourceId, rescan, ...(rescan ? {reason: this.rescanReason} : {}),
			paths: rescan ? [] : [...this.pending.keys()].sort((a, b) => (a < b ? -1 : (a > b ? 1 : 0))),
		};
		if (rescan) {
			this.delivered.clear(); // after a rescan nothing is known of what was handed over
		} else {
			for (const [path, signature] of this.pending) {
				this.delivered.set(path, signature);
			}
		}

		this.pending = new Map();
		this.rescanReason = undefined;
		this.firstEventAt = undefined;
		this.delivering = (async () => {
			try {
				await this.options.deliver(batch);
			} catch (error) {
				this.options.onError(error);
			}
		})();
		await this.delivering;
		this.delivering = undefined;
		if (this.pending.size > 0 || this.rescanReason !== undefined) {
			this.schedule();
		}
	}
}
