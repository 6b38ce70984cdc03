import type {Job} from '../client/api-types.js';
import type {DaemonClient} from '../client/daemon-client.js';
import {exitCodes} from '../cli/exit-codes.js';
import type {Io} from '../cli/io.js';
import {count} from '../ui/format.js';
import {ingestReportText} from '../ui/ingest-report.js';
import {progressLine} from '../ui/rates.js';

/** Plain progress lines (stdout not a terminal) at most this often, on stderr. */
const lineIntervalMs = 1000;

/** The progress display: Ink's bar on a terminal (loaded only then), plain lines on stderr otherwise. */
async function progressDisplay(io: Io, json: boolean): Promise<{update: (job: Job) => void; stop: () => void}> {
	if (io.interactive && !json) {
		const {liveProgress} = await import('../ui/live-progress.js');
		return liveProgress();
	}

	let last = 0;
	return {
		update(job) {
			// Before the walk and the plan are done there is nothing to count yet.
			if (job.progress.totalFiles > 0 && Date.now() - last >= lineIntervalMs) {
				last = Date.now();
				io.note(progressLine(job.progress, Date.parse(job.started_at), last));
			}
		},
		stop() {
			// Nothing on screen to take away.
		},
	};
}

/**
 * Follows a directory job (ingest-dir, update) to its end with progress; Ctrl-C cancels it (groups already
 * committed stay). Sets the exit code, and answers the --json document or prints the report.
 */
export async function runJob(client: DaemonClient, job: Job, json: boolean, io: Io): Promise<unknown> {
	const display = await progressDisplay(io, json);
	let cancelled = false;
	const cancel = () => {
		if (!cancelled) {
			cancelled = true;
			io.note('cancelling: the group being written is finished first, nothing is left half-done…');
			void client.cancelJob(job.id).catch(() => undefined);
		}
	};

	process.on('SIGINT', cancel);
	let finished: Job;
	try {
		finished = await client.followJob(job.id, display.update);
	} finally {
		process.off('SIGINT', cancel);
		display.stop();
	}

	if (finished.state === 'failed') {
		throw new Error(`the ${job.type} job failed: ${finished.error ?? 'unknown error'}`);
	}

	const {progress} = finished;
	const unsynced = finished.report?.sync?.collections.flatMap(collection => collection.sources.filter(source => source.error !== null)) ?? [];
	if (finished.state === 'cancelled') {
		// Ctrl-C here is a cancel (130); `md-vector stop --now` elsewhere is a failure of this job (1).
		process.exitCode = finished.cancelled_by === 'shutdown' ? exitCodes.failure : exitCodes.cancelled;
	} else if (progress.failed > 0 || unsynced.length > 0) {
		process.exitCode = exitCodes.failure;
		io.note(progress.failed > 0 ? `md-vector: ${count(progress.failed)} of ${count(progress.totalFiles)} files failed (reasons in the report)` : `md-vector: ${count(unsynced.length)} source(s) could not be synced (reasons in the report)`);
	}

	if (json) {
		return finished;
	}

	io.out(ingestReportText(finished, io.style));
	return undefined;
}
