import type {Job} from '../client/api-types.js';
import type {DaemonClient} from '../client/daemon-client.js';
import {exitCodes} from '../cli/exit-codes.js';
import type {Io} from '../cli/io.js';
import {count, plural} from '../ui/format.js';
import {ingestReportText} from '../ui/ingest-report.js';
import {progressLine, RecentRate} from '../ui/rates.js';

/** Plain progress lines (stdout not a terminal) at most this often, on stderr. */
const lineIntervalMs = 1000;

/** The command that runs a job of this type, as its progress lines and messages name it. */
const commandOf = (job: Job) => (job.type === 'update' ? 'update' : 'ingest-dir');

/** No progress shown (once cancelling: what follows is the report). */
const quiet = {
	update() {
		// Nothing to draw.
	},
	stop() {
		// Nothing to take away.
	},
};

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
			const line = progressLine(job.progress, rate, now, commandOf(job));
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
 * Follows a directory job (ingest-dir, update) to its end with progress. The first Ctrl-C cancels it and says what
 * the daemon finishes first (a write under way: files are stored whole); the second stops waiting at once (the
 * job still ends in the daemon, committed files stay, and running the command again resumes). Sets the exit code,
 * and answers the --json document or prints the report.
 */
export async function runJob(client: DaemonClient, job: Job, json: boolean, io: Io): Promise<unknown> {
	let display = await progressDisplay(io, json);
	let cancelled = false;
	const cancel = () => {
		if (cancelled) {
			io.note(`stopped waiting: the daemon ends the job on its own; what it committed stays, and md-vector ${commandOf(job) === 'update' ? 'update' : 'ingest-dir again'} resumes`);
			process.exit(exitCodes.cancelled); // eslint-disable-line unicorn/no-process-exit
		}

		cancelled = true;
		display.stop(); // the bar would draw over what follows
		display = quiet;
		io.note('cancelling: the daemon stops embedding and finishes the write under way, so no file is stored in part (Ctrl-C again: stop waiting)');
		void client.cancelJob(job.id).catch(() => undefined);
	};

	process.on('SIGINT', cancel);
	let finished: Job;
	try {
		finished = await client.followJob(job.id, progress => {
			display.update(progress);
		});
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
