import {resolvePaths} from '../../common/paths.js';
import {readDiscovery, removeDiscovery} from '../../common/discovery.js';
import type {Job} from '../client/api-types.js';
import {clientOf} from '../client/connect.js';
import type {DaemonClient} from '../client/daemon-client.js';
import {stopDaemon} from '../client/stop-daemon.js';
import type {Io} from '../cli/io.js';
import {flag, type Invocation} from '../cli/spec.js';
import {count} from '../ui/format.js';

async function runningJobs(client: DaemonClient | undefined): Promise<Job[]> {
	try {
		return (await client?.jobs(AbortSignal.timeout(5000)))?.jobs.filter(job => job.state === 'running') ?? [];
	} catch {
		return []; // it stopped answering: it is closing
	}
}

const describe = (job: Job) => `ingest-dir of ${job.directory} into '${job.collection}', ${count(job.progress.processed_files)} of ${count(job.progress.total_files)} files`;

/**
 * Stops this data folder's daemon, if one runs: SIGTERM lets running jobs finish, then it saves and exits; `now`
 * (SIGINT) cancels them first. Says which jobs it waits for. Answers the pid stopped and how, or not-running.
 */
export async function stopLocalDaemon(io: Io, now: boolean): Promise<{result: 'stopped' | 'killed' | 'not-running'; pid?: number}> {
	const {state} = resolvePaths();
	const record = readDiscovery(state);
	const client = record ? clientOf(record) : undefined;
	const running = await runningJobs(client);
	// A model switch is not waited for: it stops at its next batch, and the next start resumes it.
	const switches = running.filter(job => job.type === 'model-switch');
	if (switches.length > 0) {
		io.note(`stopping ${switches.map(job => `the model switch of '${job.collection}' (${count(job.model_switch?.done ?? 0)} of ${count(job.model_switch?.total ?? 0)} chunks)`).join('; ')} at its next batch: the next start resumes it`);
	}

	const jobs = running.filter(job => job.type !== 'model-switch');
	if (jobs.length > 0) {
		const them = jobs.length === 1 ? 'it' : 'them';
		io.note(now
			? `cancelling ${jobs.map(job => describe(job)).join('; ')}: what ${them === 'it' ? 'it has' : 'they have'} committed is kept`
			: `waiting for the running ${jobs.map(job => describe(job)).join('; ')} to finish (md-vector stop --now cancels ${them})`);
	}

	const result = record ? await stopDaemon(record.pid, {now, busy: async () => (await runningJobs(client)).length > 0}) : 'not-running';
	if (record && result !== 'stopped') {
		removeDiscovery(state, record.pid); // its process is gone: the record is stale
	}

	return {result, pid: record?.pid};
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const {result, pid} = await stopLocalDaemon(io, flag(invocation, 'now'));
	io.out(result === 'not-running' ? 'no daemon is running\n' : `${result === 'stopped' ? 'stopped' : 'killed (it did not stop in time)'} the daemon (pid ${pid!})\n`);
	return undefined;
}
