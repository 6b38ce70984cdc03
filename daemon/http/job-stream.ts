import type {EventEmitter} from 'node:events';
import type {Response} from 'express';

/** Progress events at most this often: a terminal redraws no faster, and 3,000 files make 3,000 changes. */
const intervalMs = 100;

/** Jobs a stream follows: each by id, and an emitter of 'change' with the id of a job whenever one changes. */
export type FollowedJobs<T> = {
	get(id: string): T | undefined;
	readonly changes: EventEmitter;
};

/** Starts a response as server-sent events. */
export function openEventStream(response: Response): void {
	response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive'});
}

/**
 * Writes the job as its event, `progress` (as `progressOf` gives it) while it runs, else `done` with all of it,
 * which ends the stream; answers whether the stream goes on.
 */
export function writeJobEvent<T extends {readonly state: string}>(response: Response, job: T, progressOf: (job: T) => unknown = job => job): boolean {
	if (job.state === 'running') {
		response.write(`event: progress\ndata: ${JSON.stringify(progressOf(job))}\n\n`);
		return true;
	}

	response.end(`event: done\ndata: ${JSON.stringify(job)}\n\n`);
	return false;
}

/**
 * Streams a job of this daemon as server-sent events until it ends or the client goes: its state now, then at
 * each change, progress at most every intervalMs, the end at once.
 */
export function followJob<T extends {readonly state: string}>(jobs: FollowedJobs<T>, id: string, response: Response, progressOf?: (job: T) => unknown): void {
	openEventStream(response);
	let last = 0;
	let pending: NodeJS.Timeout | undefined;
	const send = () => {
		last = Date.now();
		if (!writeJobEvent(response, jobs.get(id)!, progressOf)) {
			stop();
		}
	};

	const onChange = (changed: string) => {
		if (changed !== id || pending) {
			return;
		}

		const wait = jobs.get(id)!.state === 'running' ? Math.max(0, last + intervalMs - Date.now()) : 0;
		pending = setTimeout(() => {
			pending = undefined;
			send();
		}, wait);
	};

	const stop = () => {
		clearTimeout(pending);
		jobs.changes.off('change', onChange);
	};

	jobs.changes.on('change', onChange);
	response.on('close', stop);
	send();
}
