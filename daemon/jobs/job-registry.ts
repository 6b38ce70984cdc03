import {randomUUID} from 'node:crypto';
import {EventEmitter} from 'node:events';
import type * as Ingest from '../../common/wire/jobs.js';
import type {CancelledBy, Job} from '../../common/wire/jobs.js';
import {HttpError} from '../http/http-error.js';
import {toDirectoryProgress, toDirectoryReport} from '../to-wire/jobs.js';

export type {CancelledBy, Job, JobState} from '../../common/wire/jobs.js';

type Entry = {job: Job; controller: AbortController; done: Promise<void>; cancelledBy?: CancelledBy};

/** Long work (ingesting a directory) runs as one server-side job that clients follow and may cancel. */
export class JobRegistry {
	/** Emits the job's id on every change (progress, end), for streams that follow it. */
	readonly changes = new EventEmitter().setMaxListeners(0);
	private readonly jobs = new Map<string, Entry>();
	private closing = false;

	start(collection: string, directory: string, run: (signal: AbortSignal, onProgress: (progress: Ingest.DirectoryProgress) => void) => Promise<Ingest.DirectoryReport>, type: Job['type'] = 'ingest-directory'): Job {
		if (this.closing) {
			throw new HttpError(503, 'stopping', 'the daemon is stopping (md-vector stop): it takes no new jobs; run the command again once it has stopped, and a new daemon starts', {'Retry-After': '5'});
		}

		const controller = new AbortController();
		const job: Job = {
			id: randomUUID(), type, collection, directory, state: 'running',
			progress: {totalFiles: 0, processedFiles: 0, indexed: 0, moved: 0, unchanged: 0, failed: 0, chunks: 0}, started_at: new Date().toISOString(),
		};
		const entry: Entry = {job, controller, done: Promise.resolve()};
		entry.done = run(controller.signal, progress => {
			job.progress = toDirectoryProgress(progress);
			this.changes.emit('change', job.id);
		}).then(report => {
			job.report = toDirectoryReport(report);
			job.progress = job.report;
			job.state = report.cancelled ? 'cancelled' : 'completed';
			if (report.cancelled) {
				job.cancelled_by = entry.cancelledBy ?? 'request';
			}
		}, (error: unknown) => {
			job.state = 'failed';
			job.error = error instanceof Error ? error.message : String(error);
		}).finally(() => {
			job.finished_at = new Date().toISOString();
			this.changes.emit('change', job.id);
		});
		this.jobs.set(job.id, entry);
		return job;
	}

	get(id: string): Job | undefined {
		return this.jobs.get(id)?.job;
	}

	list(): Job[] {
		return [...this.jobs.values()].map(entry => entry.job);
	}

	cancel(id: string, by: CancelledBy = 'request'): Job | undefined {
		const entry = this.jobs.get(id);
		if (entry?.job.state === 'running') {
			entry.cancelledBy ??= by;
			entry.controller.abort();
		}

		return entry?.job;
	}

	/** Takes no new jobs and waits for the running ones to end (finished, or cancelled meanwhile). */
	async finishAll(): Promise<void> {
		this.closing = true;
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
