import {randomUUID} from 'node:crypto';
import {EventEmitter} from 'node:events';
import type * as Ingest from '../engine/sources/sync-totals.js';
import type {ModelSwitchProgress} from '../engine/models/model-switcher.js';
import {stoppingRefusal} from '../engine/errors.js';
import type {SharedJobBoard} from './board-format.js';
import type {CancelledBy, Job} from './job.js';
import {JobPublisher} from './job-publisher.js';

export type {CancelledBy, Job, JobState} from './job.js';

type Entry = {job: Job; controller: AbortController; done: Promise<void>; cancelledBy?: CancelledBy; readonly seq: number; finishedAtMs?: number};

/** Finished jobs kept for GET /jobs and /jobs/{id}: at most so many, each at most so long (a report lists every file). */
export type JobHistory = {readonly count: number; readonly ageMs: number};

export const defaultJobHistory: JobHistory = {count: 50, ageMs: 60 * 60 * 1000};

/** A page of the list: jobs in the order they started, and where the next page starts (undefined: none). */
export type JobPage = {readonly jobs: Job[]; readonly next?: string};

/**
 * Long work (ingesting a directory) runs as one server-side job that clients follow and may cancel. On a
 * shared database the jobs are also kept on its job board, so that any daemon of the database answers for any
 * job (find, cancel); the list is this daemon's own.
 */
export class JobRegistry {
	/** Emits the job's id on every change (progress, end), for streams that follow it. */
	readonly changes = new EventEmitter().setMaxListeners(0);
	private readonly jobs = new Map<string, Entry>();
	private closing = false;
	private started = 0;

	constructor(private readonly shared?: SharedJobBoard, private readonly log?: (line: string) => void, private readonly history: JobHistory = defaultJobHistory, private readonly nowMs: () => number = Date.now) {
		// Without a board, every job is this daemon's.
	}

	async start(collection: string, directory: string, run: (signal: AbortSignal, onProgress: (progress: Ingest.DirectoryProgress) => void) => Promise<Ingest.DirectoryReport>, type: Job['type'] = 'ingest-directory'): Promise<Job> {
		return this.launch({collection, directory, type}, async (signal, job, changed) => {
			const report = await run(signal, progress => {
				job.progress = progress;
				changed();
			});
			job.report = report;
			job.progress = report;
			return report.cancelled;
		});
	}

	/**
	 * A collection's switch to another model as a job (the engine's ModelSwitcher runs it): its progress in
	 * `modelSwitch`. A cancel by request discards the switch; the daemon stopping leaves it stored, and the next
	 * start resumes it (the signal's reason tells them apart).
	 */
	async startModelSwitch(collection: string, initial: ModelSwitchProgress, run: (signal: AbortSignal, onProgress: (progress: ModelSwitchProgress) => void) => Promise<ModelSwitchProgress>): Promise<Job> {
		return this.launch({collection, directory: '', type: 'model-switch', modelSwitch: initial}, async (signal, job, changed) => {
			const report = await run(signal, progress => {
				job.modelSwitch = progress;
				job.progress = {...job.progress, chunks: progress.done};
				changed();
			});
			job.modelSwitch = report;
			job.progress = {...job.progress, chunks: report.done};
			return report.outcome === 'cancelled' || report.outcome === 'stopped';
		});
	}

	/** Registers a job, runs it, and records its end; `run` answers whether it was cancelled. */
	private async launch(fields: Pick<Job, 'collection' | 'directory' | 'type' | 'modelSwitch'>, run: (signal: AbortSignal, job: Job, changed: () => void) => Promise<boolean>): Promise<Job> {
		this.refuseWhenClosing();

		const controller = new AbortController();
		const job: Job = {
			id: randomUUID(), ...fields, state: 'running',
			progress: {totalFiles: 0, processedFiles: 0, indexed: 0, moved: 0, unchanged: 0, failed: 0, chunks: 0}, startedAt: new Date().toISOString(),
		};
		const entry: Entry = {job, controller, done: Promise.resolve(), seq: ++this.started};
		// On the board before anyone is told the job's id: another daemon asked right after finds it.
		const {shared} = this;
		const record = shared && await shared.board.begin(shared.format.write(job));
		if (this.closing) {
			job.state = 'cancelled';
			job.cancelledBy = 'shutdown';
			if (shared && record) {
				await record.end(shared.format.write(job));
			}

			this.refuseWhenClosing();
		}

		const publisher = shared && record && new JobPublisher(record, shared.format, job, () => this.cancel(job.id, 'request'), this.log);
		entry.done = run(controller.signal, job, () => this.changes.emit('change', job.id)).then(cancelled => {
			job.state = cancelled ? 'cancelled' : 'completed';
			if (cancelled) {
				job.cancelledBy = entry.cancelledBy ?? 'request';
			}
		}, (error: unknown) => {
			job.state = 'failed';
			job.error = error instanceof Error ? error.message : String(error);
		}).finally(async () => {
			job.finishedAt = new Date().toISOString();
			entry.finishedAtMs = this.nowMs();
			await publisher?.end();
			this.changes.emit('change', job.id);
			this.forgetOld();
		});
		this.forgetOld();
		this.jobs.set(job.id, entry);
		return job;
	}

	private refuseWhenClosing(): void {
		if (this.closing) {
			throw stoppingRefusal();
		}
	}

	/**
	 * Drops finished jobs past the history's count (the oldest first) or age: ~400 kept jobs once made GET /jobs
	 * answer 296 MB and the daemon hold 1.36 GB. Running jobs are always kept.
	 */
	private forgetOld(): void {
		const finished = [...this.jobs.values()].filter(entry => entry.finishedAtMs !== undefined);
		const oldest = this.nowMs() - this.history.ageMs;
		for (const [index, entry] of finished.entries()) {
			if (index < finished.length - this.history.count || entry.finishedAtMs! < oldest) {
				this.jobs.delete(entry.job.id);
			}
		}
	}

	/** A job of this daemon. */
	get(id: string): Job | undefined {
		this.forgetOld();
		return this.jobs.get(id)?.job;
	}

	/** A job of this daemon, else one another daemon of the database runs or ran (as last recorded). */
	async find(id: string): Promise<Job | undefined> {
		return this.get(id) ?? this.onBoard(id);
	}

	/** A job as the database's job board has it (as the daemon running it last recorded it); undefined without a board. */
	async onBoard(id: string): Promise<Job | undefined> {
		const {shared} = this;
		const stored = await shared?.board.read(id);
		return stored && shared?.format.read(stored);
	}

	list(): Job[] {
		this.forgetOld();
		return [...this.jobs.values()].map(entry => entry.job);
	}

	/** At most `limit` jobs that started after the one `after` names (a page's `next`), in the order they started. */
	page(limit: number, after?: string): JobPage {
		this.forgetOld();
		const from = after === undefined ? 0 : Number(after);
		const entries = [...this.jobs.values()].filter(entry => entry.seq > from).sort((a, b) => a.seq - b.seq);
		const shown = entries.slice(0, limit);
		return {jobs: shown.map(entry => entry.job), ...(entries.length > limit ? {next: String(shown.at(-1)!.seq)} : {})};
	}

	/** Cancels a job of this daemon, or asks the daemon running it to (it does so within a second). */
	async requestCancel(id: string): Promise<Job | undefined> {
		const here = this.cancel(id);
		if (here) {
			return here;
		}

		const {shared} = this;
		const stored = await shared?.board.requestCancel(id);
		return stored && shared?.format.read(stored);
	}

	cancel(id: string, by: CancelledBy = 'request'): Job | undefined {
		const entry = this.jobs.get(id);
		if (entry?.job.state === 'running') {
			entry.cancelledBy ??= by;
			entry.controller.abort(by); // the reason: a model switch stopped by the daemon's stop resumes at its next start
		}

		return entry?.job;
	}

	/**
	 * Takes no new jobs and waits for the running ones to end (finished, or cancelled meanwhile). A model switch
	 * may take hours: it is stopped at its next batch instead, and the next start resumes it.
	 */
	async finishAll(): Promise<void> {
		this.closing = true;
		for (const {job} of this.jobs.values()) {
			if (job.type === 'model-switch') {
				this.cancel(job.id, 'shutdown');
			}
		}

		await Promise.all([...this.jobs.values()].map(async entry => entry.done));
	}

	/** Cancels running jobs (their clients learn the daemon stopped them) and waits for them to stop at their next group boundary. */
	async stopAll(): Promise<void> {
		this.closing = true;
		for (const {job} of this.jobs.values()) {
			this.cancel(job.id, 'shutdown');
		}

		await this.finishAll();
	}
}
