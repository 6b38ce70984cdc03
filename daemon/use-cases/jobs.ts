// Reading, following and cancelling jobs (directory ingestions, updates, model switches): any grant of
// ingest:default (operations.ts `jobs`). A job of another daemon of the database is found on the job board.
import type {Job, JobPage, JobRegistry} from '../jobs/job-registry.js';
import type {Actor} from './actor.js';
import {notFound} from './errors.js';
import {operations} from './operations.js';

type Deps = {readonly jobs: JobRegistry};

/** The jobs of this daemon as a stream follows them: each by id, and the registry's changes (a job's id at each). */
export type JobsHere = Pick<JobRegistry, 'get' | 'changes'>;
/** A job of this daemon, followed as it changes in its registry. */
type JobHere = {readonly kind: 'here'; readonly id: string; readonly jobs: JobsHere};
/** A job of another daemon of the database, followed by reading the job board again. */
type JobOnBoard = {readonly kind: 'board'; readonly job: Job; readonly reread: () => Promise<Job | undefined>};
export type FollowedJob = JobHere | JobOnBoard;

function found(id: string, job: Job | undefined): Job {
	if (!job) {
		throw notFound(`job '${id}' does not exist`);
	}

	return job;
}

export function listJobs({jobs}: Deps, actor: Actor, page: {readonly limit: number; readonly after?: string}): JobPage {
	actor.require(operations.jobs);
	return jobs.page(page.limit, page.after);
}

export async function getJob({jobs}: Deps, actor: Actor, id: string): Promise<Job> {
	actor.require(operations.jobs);
	return found(id, await jobs.find(id));
}

export async function cancelJob({jobs}: Deps, actor: Actor, id: string): Promise<Job> {
	actor.require(operations.jobs);
	return found(id, await jobs.requestCancel(id));
}

export async function followJob({jobs}: Deps, actor: Actor, id: string): Promise<FollowedJob> {
	actor.require(operations.jobs);
	if (jobs.get(id)) {
		return {kind: 'here', id, jobs};
	}

	return {kind: 'board', job: found(id, await jobs.onBoard(id)), reread: async () => jobs.onBoard(id)};
}
