// Model installs and verifies as jobs of the daemon, followed by their clients (GET /models/jobs/{id}/events) and
// cancelled by them (Ctrl-C); one install of a model at a time: asking again while one runs follows that one.
import {randomUUID} from 'node:crypto';
import {EventEmitter} from 'node:events';
import type {ModelJob} from '../../common/wire/models.js';
import {stoppingRefusal} from '../use-cases/errors.js';

type Entry = {job: ModelJob; controller: AbortController; done: Promise<void>};

export class ModelJobs {
	/** Emits the job's id on every change. */
	readonly changes = new EventEmitter().setMaxListeners(0);
	private readonly jobs = new Map<string, Entry>();
	private closing = false;

	/** Starts `run`, or answers the running job of the same type and model. */
	start(type: ModelJob['type'], model: string, run: (job: ModelJob, signal: AbortSignal, changed: () => void) => Promise<void>): ModelJob {
		const running = [...this.jobs.values()].find(entry => entry.job.state === 'running' && entry.job.type === type && entry.job.model === model);
		if (running) {
			return running.job;
		}

		if (this.closing) {
			throw stoppingRefusal();
		}

		const controller = new AbortController();
		const job: ModelJob = {
			id: randomUUID(), type, model, state: 'running', stage: 'starting', source: null, done_bytes: 0, total_bytes: 0, attempts: [], started_at: new Date().toISOString(),
		};
		const changed = () => this.changes.emit('change', job.id);
		const done = run(job, controller.signal, changed).then(() => {
			job.state = 'completed';
		}, (error: unknown) => {
			job.state = controller.signal.aborted ? 'cancelled' : 'failed';
			job.error = error instanceof Error ? error.message : String(error);
		}).finally(() => {
			job.finished_at = new Date().toISOString();
			changed();
		});
		this.jobs.set(job.id, {job, controller, done});
		this.forgetOld();
		return job;
	}

	/** Keeps the last `kept` finished jobs (a client follows its own within seconds). */
	private forgetOld(kept = 20): void {
		const finished = [...this.jobs.values()].filter(entry => entry.job.state !== 'running');
		for (const entry of finished.slice(0, Math.max(0, finished.length - kept))) {
			this.jobs.delete(entry.job.id);
		}
	}

	get(id: string): ModelJob | undefined {
		return this.jobs.get(id)?.job;
	}

	cancel(id: string): ModelJob | undefined {
		const entry = this.jobs.get(id);
		if (entry?.job.state === 'running') {
			entry.controller.abort();
		}

		return entry?.job;
	}

	/** Takes no new jobs and waits for the running ones to end. */
	async finishAll(): Promise<void> {
		this.closing = true;
		await Promise.all([...this.jobs.values()].map(async entry => entry.done));
	}

	/** Cancels the running jobs (their temporary folders are removed) and waits for them to end. */
	async stopAll(): Promise<void> {
		this.closing = true;
		for (const {job} of this.jobs.values()) {
			this.cancel(job.id);
		}

		await this.finishAll();
	}
}
