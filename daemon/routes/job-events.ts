import {setTimeout as sleep} from 'node:timers/promises';
import type {RequestHandler, Response} from 'express';
import type {Job} from '../../common/wire/jobs.js';
import {actorIn} from '../http/actor-of.js';
import type {StreamSlots} from '../http/stream-slots.js';
import {followJob, openEventStream, writeJobEvent, type FollowedJobs} from '../http/job-stream.js';
import {toJob} from '../to-wire/jobs.js';
import type {JobsHere} from '../use-cases/jobs.js';
import type {UseCases} from '../use-cases/use-cases.js';

/** How often a job of another daemon is read from the database while it is followed here. */
const boardPollMs = 500;

/**
 * GET /jobs/:id/events: the job as server-sent events, `progress` while it runs and one `done` (with the
 * per-file report) at the end, so a client follows a whole ingest with one request. A job of another daemon
 * of the database is followed as that daemon records it (about once a second). Each stream takes a slot.
 */
export function jobEvents(useCases: UseCases, slots: StreamSlots): RequestHandler {
	return async (request, response) => {
		const followed = await useCases.followJob(actorIn(response), String(request.params.id));
		slots.take(response, 'GET /jobs/{id}/events');
		if (followed.kind === 'here') {
			followJob(onTheWire(followed.jobs), followed.id, response, summaryOf);
		} else {
			await followOnBoard(toJob(followed.job), async () => {
				const job = await followed.reread();
				return job && toJob(job);
			}, response);
		}
	};
}

/** This daemon's jobs as the stream sends them. */
function onTheWire(jobs: JobsHere): FollowedJobs<Job> {
	return {
		get(id) {
			const job = jobs.get(id);
			return job && toJob(job);
		},
		changes: jobs.changes,
	};
}

/** The job while it runs, without its per-file report (sent once, with `done`). */
function summaryOf(job: Job): Omit<Job, 'report'> {
	const {report, ...summary} = job;
	return summary;
}

/** Until the job ends or the client goes: read again every boardPollMs, and send what changed. */
async function followOnBoard(first: Job, reread: () => Promise<Job | undefined>, response: Response): Promise<void> {
	openEventStream(response);
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
			if (!writeJobEvent(response, job, summaryOf)) {
				return;
			}
		}

		await sleep(boardPollMs, undefined, {signal: closed.signal}).catch(() => undefined);
		job = closed.signal.aborted ? undefined : await reread().catch(() => undefined);
	}

	// Gone from the board meanwhile, or the database failed: the client asks GET /jobs/:id once more.
	response.end();
}
