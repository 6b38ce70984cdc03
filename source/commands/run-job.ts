import type {Job} from '../client/api-types.js';
import type {DaemonClient} from '../client/daemon-client.js';
import {exitCodes} from '../cli/exit-codes.js';
import type {Io} from '../cli/io.js';
import {count, plural} from '../ui/format.js';
import {ingestReportText} from '../ui/ingest-report.js';
import {progressLine, RecentRate} from '../ui/rates.js';

/** Plain progress lines (stdout not a terminal) at most this often, on stderr. */
const lineIntervalMs = 1000;

/** The progress display: Ink's bar on a terminal (loaded only then), plain lines on stderr otherwise. */
async function progressDisplay(io: Io, json: boolean): Promise<{update: (job: Job) => void; stop: () => void}> {
	if (io.interactive && !json) {
		const {liveProgress} = await import('../ui/live-progress.js');
		return liveProgress();
	}

	let last = 0;
	const rate = new RecentRate();
	return {
		update(job) {
			const now = Date.now();
			const line = progressLine(job.progress, rate, now, job.type === 'update' ? 'update' : 'ingest-dir');
			if (now - last >= lineIntervalMs) {
				last = now;
				io.note(line);
			}
		},
		stop() {
			// Nothing on screen to take away.
		},
	};
}

/**
 * What a finished sync could not do, in one line; undefined when it did everything. A file that failed, a
 * conflict, a file too large or unreadable, or a source that could not be synced make the job a failure (exit 1):
 * the report lists each with what to do.
 */
export function notApplied(job: Job): string | undefined {
	const sources = job.report?.sync?.collections.flatMap(collection => collection.sources) ?? [];
	const total = (of: (source: (typeof sources)[number]) => number) => sources.reduce((sum, source) => sum + of(source), 0);
	const conflicts = total(source => source.conflicts.length);
	const counts: Array<[number, string]> = [
		[job.progress.failed, 'failed'], [conflicts, conflicts === 1 ? 'conflict' : 'conflicts'],
		[total(source => source.skipped.too_large ?? 0), 'too large'], [total(source => source.skipped.unreadable ?? 0), 'unreadable'],
	];
	const files = counts.reduce((sum, [number]) => sum + number, 0);
	const unsynced = sources.filter(source => source.error !== null).length;
	const said = [
		...(files > 0 ? [`${plural(files, 'file')} could not be synced (${counts.filter(([number]) => number > 0).map(([number, word]) => `${count(number)} ${word}`).join(', ')})`] : []),
		...(unsynced > 0 ? [`${plural(unsynced, 'source')} could not be synced`] : []),
	];
	return said.length > 0 ? `${said.join('; ')}: the report says why and what to do` : undefined;
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

	if (finished.state === 'cancelled') {
		// Ctrl-C here is a cancel (130); `md-vector stop --now` elsewhere is a failure of this job (1).
		process.exitCode = finished.cancelled_by === 'shutdown' ? exitCodes.failure : exitCodes.cancelled;
	} else {
		const problem = notApplied(finished);
		if (problem) {
			process.exitCode = exitCodes.failure;
			io.note(`md-vector: ${problem}`);
		}
	}

	if (json) {
		return finished;
	}

	io.out(ingestReportText(finished, io.style));
	return undefined;
}
