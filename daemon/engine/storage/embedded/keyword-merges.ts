import {performance} from 'node:perf_hooks';
import {ThreadCalls} from '../../threads/thread-calls.js';
import {SettleScheduler, settleDelayMs} from '../settle-scheduler.js';
import {mergeDue, type KeywordSegment} from './sqlite/keyword-segments.js';

/** A step of a merge, on the keyword merge thread; its answer says whether it did any work (false: one segment). */
export type KeywordMergeCall = {readonly pages: number};
export type KeywordMergeReply = {readonly changed: boolean};

/** Leaf pages (~4 KB each) a step writes: a few milliseconds of holding the store's write lock. */
const stepPages = 256;

export type KeywordMergeOptions = {
	/** The index's segments as the store reads them (one row: no thread is started to find a merge is not due); undefined: not readable. */
	readonly segments: () => KeywordSegment[] | undefined;
	readonly log?: (line: string) => void;
	readonly settleDelayMs?: number;
	/** Runs a step in turn with the store's other writes (its write queue): a step never waits for SQLite's lock behind an import. */
	readonly turn?: <T>(work: () => Promise<T>) => Promise<T>;
};

/**
 * Merges the store's FTS5 index into one segment once writes settle (bench/RESULTS.md, issue 37: BM25 over an index
 * that an ingestion left in 16 segments took 1.3x as long as over the same index in one). FTS5 merges on its own as
 * it writes, but keeps several segments on each of several levels, and a search looks every term up in each. The
 * merge runs on a thread with its own connection, a step at a time (keyword-merge-step.ts), only when worth it
 * (sqlite/keyword-segments.ts, read on the store's connection); a write stops it after its step, and it goes on once writes settle again. It changes no
 * ranking: the same rows, terms and statistics, in fewer b-trees. Failures are logged, never thrown: searches work
 * on an index in any number of segments.
 */
export class KeywordMerges {
	private readonly scheduler: SettleScheduler;
	private running: Promise<void> | undefined;
	/** Writes noted so far: a merge stops at its next step after one. */
	private writes = 0;
	private closed = false;
	private readonly log: (line: string) => void;
	private readonly turn: <T>(work: () => Promise<T>) => Promise<T>;

	private readonly segments: () => KeywordSegment[] | undefined;

	constructor(private readonly file: string, options: KeywordMergeOptions) {
		this.segments = options.segments;
		this.log = options.log ?? (() => undefined);
		this.turn = options.turn ?? (async work => work());
		this.scheduler = new SettleScheduler(options.settleDelayMs ?? settleDelayMs, async () => this.merge());
		this.scheduler.later(); // a store left in many segments (a daemon stopped before its merge) is merged too
	}

	/** A write is coming or committed: a merge under way stops after its step, and one is considered once writes settle. */
	wrote(): void {
		this.writes++;
		this.scheduler.later();
	}

	/** Holds merges off until the returned release is called (a bulk write). */
	hold(): () => void {
		return this.scheduler.hold();
	}

	/** Merges now if due, and waits for it. */
	async settle(): Promise<void> {
		this.scheduler.cancel();
		await this.merge();
	}

	/** Stops a merge under way after its step (its thread then ends). */
	async close(): Promise<void> {
		this.closed = true;
		this.scheduler.cancel();
		await this.running;
	}

	private async merge(): Promise<void> {
		if (this.closed) {
			return;
		}

		this.running ??= this.mergeNow().finally(() => {
			this.running = undefined;
		});
		await this.running;
	}

	private async mergeNow(): Promise<void> {
		const started = this.writes;
		let segments: KeywordSegment[] | undefined;
		try {
			segments = this.segments();
		} catch (error) {
			this.log(`reading the keyword index's segments failed (${error instanceof Error ? error.message : String(error)}); it is tried again once writes settle`);
			return;
		}

		if (!segments || !mergeDue(segments)) {
			return;
		}

		const pages = segments.reduce((sum, segment) => sum + segment.pages, 0);
		const calls = new ThreadCalls<KeywordMergeCall, KeywordMergeReply>(new URL('keyword-merge-thread-main.js', import.meta.url), 'keyword merge', undefined, {workerData: {file: this.file}});
		try {
			const at = performance.now();
			let steps = 0;
			while (!this.closed && this.writes === started && (await this.step(calls))) {
				steps++;
			}

			// Paused by a write (an ingestion's next group): FTS5 keeps what was merged, and the next merge goes on from there.
			if (!this.closed && this.writes === started) {
				this.log(`keyword index merged from ${segments.length} segments (${pages} pages) into one in ${Math.round(performance.now() - at)} ms (${steps} steps)`);
			}
		} catch (error) {
			this.log(`merging the keyword index failed (${error instanceof Error ? error.message : String(error)}); searches go on over its segments, and it is tried again once writes settle`);
		} finally {
			// Merges are rare (after an ingestion, or many edits): the thread and its connection end with each one.
			await calls.close();
		}
	}

	/** One step in turn with the writes; none once a write came meanwhile. */
	private async step(calls: ThreadCalls<KeywordMergeCall, KeywordMergeReply>): Promise<boolean> {
		const started = this.writes;
		return this.turn(async () => started === this.writes && !this.closed && (await calls.call({pages: stepPages})).changed);
	}
}
