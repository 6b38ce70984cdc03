import {delay, type DaemonProcess} from '../daemon-process.js';

/**
 * Starts a job (POST /jobs/ingest-directory or /jobs/update) and polls it until it ends or `timeoutMs` passes.
 * Answers its final state ('timeout' when it was still running, 'refused' with the status when it did not start).
 */
export async function runJob(daemon: DaemonProcess, route: string, body: unknown, timeoutMs: number, headers: Record<string, string> = {}): Promise<{state: string; job?: any; ms: number}> {
	const started = performance.now();
	const answer = await daemon.api('POST', route, body, headers);
	if (answer.status !== 202) {
		return {state: `refused ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`, ms: performance.now() - started};
	}

	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const {body: polled} = await daemon.api('GET', `/jobs/${answer.body.job.id as string}`, undefined, headers);
		if (polled?.job?.state !== 'running') {
			return {state: polled?.job?.state ?? 'unknown', job: polled?.job, ms: performance.now() - started};
		}

		await delay(50);
	}

	return {state: 'timeout', ms: performance.now() - started};
}
