import {randomUUID} from 'node:crypto';
import {EventEmitter} from 'node:events';
import type * as Ingest from '../engine/ingest/ingest-directory.js';
import type {Job} from '../../common/wire/jobs.js';
import {toDirectoryProgress, toDirectoryReport} from '../wire/jobs.js';

export type {Job, JobState} from '../../common/wire/jobs.js';

/** Long work (ingesting a directory) runs as one server-side job that clients poll and may cancel. */
export class JobRegistry {
	/** Emits the job's id on every change (progress, end), for streams that follow it. */
	readonly changes = new EventEmitter().setMaxListeners(0);
	private readonly jobs = new Map<string, {job: Job; controller: AbortController; done: Promise<void>}>();

	start(collection: string, directory: string, run: (signal: AbortSignal, onProgress: (progress: Ingest.DirectoryProgress) => void) => Promise<Ingest.DirectoryReport>): Job {
		const controller = new AbortController();
		const job: Job = {
			id: randomUUID(), type: 'ingest-directory', collection, directory, state: 'running',
			progress: {totalFiles: 0, processedFiles: 0, indexed: 0, unchanged: 0, failed: 0, chunks: 0}, started_at: new Date().toISOString(),
		};
		const done = run(controller.signal, progress => {
			job.progress = toDirectoryProgress(progress);
			this.changes.emit('change', job.id);
		}).then(report => {
			job.report = toDirectoryReport(report);
			job.progress = job.report;
			job.state = report.cancelled ? 'cancelled' : 'completed';
		}, (error: unknown) => {
			job.state = 'failed';
			job.error = error instanceof Error ? error.message : String(error);
		}).finally(() => {
			job.finished_at = new Date().toISOString();
			this.changes.emit('change', job.id);
		});
		this.jobs.set(job.id, {job, controller, done});
		return job;
	}

	get(id: string): Job | undefined {
		return this.jobs.get(id)?.job;
	}

	list(): Job[] {
		return [...this.jobs.values()].map(entry => entry.job);
	}

	cancel(id: string): Job | undefined {
		const entry = this.jobs.get(id);
		entry?.controller.abort();
		return entry?.job;
	}

	/** Cancels running jobs and waits for them to stop at their next group boundary. */
	async stopAll(): Promise<void> {
		for (const entry of this.jobs.values()) {
			entry.controller.abort();
		}

		await Promise.all([...this.jobs.values()].map(async entry => entry.done));
	}
}
