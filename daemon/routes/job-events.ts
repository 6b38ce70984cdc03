import type {RequestHandler} from 'express';
import {HttpError} from '../http/http-error.js';
import type {JobRegistry} from '../jobs/job-registry.js';
import type {StreamSlots} from '../http/stream-slots.js';

/** Progress events at most this often: a terminal redraws no faster, and 3,000 files make 3,000 changes. */
const intervalMs = 100;

/**
 * GET /jobs/:id/events: the job as server-sent events, `progress` while it runs and one `done` (with the
 * per-file report) at the end, so a client follows a whole ingest with one request. Each stream takes a slot.
 */
export function jobEvents(jobs: JobRegistry, slots: StreamSlots): RequestHandler {
	return (request, response) => {
		const id = String(request.params.id);
		if (!jobs.get(id)) {
			throw new HttpError(404, 'not_found', `job '${id}' does not exist`);
		}

		slots.take(response, 'GET /jobs/{id}/events');
		response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive'});
		let last = 0;
		let pending: NodeJS.Timeout | undefined;
		const send = () => {
			const job = jobs.get(id)!;
			last = Date.now();
			if (job.state === 'running') {
				const {report, ...summary} = job;
				response.write(`event: progress\ndata: ${JSON.stringify(summary)}\n\n`);
				return;
			}

			response.end(`event: done\ndata: ${JSON.stringify(job)}\n\n`);
			stop();
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
	};
}
