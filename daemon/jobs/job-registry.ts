import {randomUUID} from 'node:crypto';
import {EventEmitter} from 'node:events';
import type {DirectoryProgress, DirectoryReport} from '../engine/ingest/ingest-directory.js';

export type JobState = 'running' | 'completed' | 'cancelled' | 'failed';

export type Job = {
	readonly id: string;
	readonly type: 'ingest-directory';
	readonly collection: string;
	readonly directory: string;
	state: JobState;
	progress: DirectoryProgress;
	report?: DirectoryReport;
	error?: string;
	readonly started_at: string;
	finished_at?: string;
};

/** Long work (ingesting a directory) runs as one server-side job that clients poll and may cancel. */
export class JobRegistry {
	/** Emits the job's id on every change (progress, end), for streams that follow it. */
	readonly changes = new EventEmitter().setMaxListeners(0);
	private readonly jobs = new Map<string, {job: Job; controller: AbortController; done: Promise<void>}>();

	start(collection: string, directory: string, run: (signal: AbortSignal, onProgress: (progress: DirectoryProgress) => void) => Promise<DirectoryReport>): Job {
		const controller = new AbortController();
		const job: Job = {
			id: randomUUID(), type: 'ingest-directory', collection, directory, state: 'running',
			progress: {totalFiles: 0, processedFiles: 0, indexed: 0, unchanged: 0, failed: 0, chunks: 0}, started_at: new Date().toISOString(),
		};
		const done = run(controller.signal, progress => {
			job.progress = progress;
			this.changes.emit('change', job.id);
		}).then(report => {
			job.report = report;
			job.progress = report;
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
