import {setTimeout as sleep} from 'node:timers/promises';
import type {RequestHandler, Response} from 'express';
import type {Job} from '../../common/wire/jobs.js';
import {HttpError} from '../http/http-error.js';
import type {StreamSlots} from '../http/stream-slots.js';
import type {JobRegistry} from '../jobs/job-registry.js';

/** Progress events at most this often: a terminal redraws no faster, and 3,000 files make 3,000 changes. */
const intervalMs = 100;

/** How often a job of another daemon is read from the database while it is followed here. */
const boardPollMs = 500;

/**
 * GET /jobs/:id/events: the job as server-sent events, `progress` while it runs and one `done` (with the
 * per-file report) at the end, so a client follows a whole ingest with one request. A job of another daemon
 * of the database is followed as that daemon records it (about once a second). Each stream takes a slot.
 */
export function jobEvents(jobs: JobRegistry, slots: StreamSlots): RequestHandler {
	return async (request, response) => {
		const id = String(request.params.id);
		if (jobs.get(id)) {
			slots.take(response, 'GET /jobs/{id}/events');
			followHere(jobs, id, response);
			return;
		}

		const job = await jobs.find(id);
		if (!job) {
			throw new HttpError(404, 'not_found', `job '${id}' does not exist`);
		}

		slots.take(response, 'GET /jobs/{id}/events');
		await followOnBoard(jobs, job, response);
	};
}

function open(response: Response): void {
	response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive'});
}

/** Writes the job as its event; answers whether the stream goes on (the job still runs). */
function write(response: Response, job: Job): boolean {
	if (job.state === 'running') {
		const {report, ...summary} = job;
		response.write(`event: progress\ndata: ${JSON.stringify(summary)}\n\n`);
		return true;
	}

	response.end(`event: done\ndata: ${JSON.stringify(job)}\n\n`);
	return false;
}

function followHere(jobs: JobRegistry, id: string, response: Response): void {
	open(response);
	let last = 0;
	let pending: NodeJS.Timeout | undefined;
	const send = () => {
		last = Date.now();
		if (!write(response, jobs.get(id)!)) {
			stop();
		}
	};

	const onChange = (changed: string) => {
		if (changed !== id || pending) {
			return;
		}

		const job = jobs.get(id)!;
		const wait = job.state === 'running' ? Math.max(0, last + intervalMs - Date.now()) : 0;
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

/** Until the job ends or the client goes: read again every boardPollMs, and send what changed. */
async function followOnBoard(jobs: JobRegistry, first: Job, response: Response): Promise<void> {
	open(response);
	const closed = new AbortController();
	response.on('close', () => {
		closed.abort();
	});
	let job: Job | undefined = first;
	let sent = '';
	while (job && !closed.signal.aborted) {
		const text = JSON.stringify(job);
		if (text !== sent) {
			sent = text;
			if (!write(response, job)) {
				return;
			}
		}

		await sleep(boardPollMs, undefined, {signal: closed.signal}).catch(() => undefined);
		job = closed.signal.aborted ? undefined : await jobs.find(job.id).catch(() => undefined);
	}

	// Gone from the board meanwhile, or the database failed: the client asks GET /jobs/:id once more.
	response.end();
}
