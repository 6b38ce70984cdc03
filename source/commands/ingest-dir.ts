import {statSync} from 'node:fs';
import path from 'node:path';
import type {Job} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {UsageError} from '../client/client-errors.js';
import {waitForModel} from '../client/wait-for-model.js';
import {exitCodes} from '../cli/exit-codes.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';
import {ingestMode} from '../ingest-mode.js';
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
			if (Date.now() - last >= lineIntervalMs) {
				last = Date.now();
				io.note(progressLine(job.progress, Date.parse(job.started_at), last));
			}
		},
		stop() {
			// Nothing on screen to take away.
		},
	};
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const directory = invocation.args[0]!;
	const mode = ingestMode(invocation);
	if (!process.env.MD_VECTOR_URL && statSync(directory, {throwIfNoEntry: false})?.isFile()) {
		throw new UsageError(`${directory} is a file: index one file with md-vector ingest ${directory}`);
	}

	const client = await connect({onNotice: io.note});
	await waitForModel(client);
	const {job} = await client.startDirectoryJob({directory: path.resolve(directory), collection: stringOption(invocation, 'collection'), mode});
	const display = await progressDisplay(io, invocation.json);
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
		throw new Error(`the ingest job failed: ${finished.error ?? 'unknown error'}`);
	}

	const {progress} = finished;
	if (finished.state === 'cancelled') {
		// Ctrl-C here is a cancel (130); `md-vector stop --now` elsewhere is a failure of this job (1).
		process.exitCode = finished.cancelled_by === 'shutdown' ? exitCodes.failure : exitCodes.cancelled;
	} else if (progress.failed > 0) {
		process.exitCode = exitCodes.failure;
		io.note(`md-vector: ${count(progress.failed)} of ${count(progress.totalFiles)} files failed (reasons in the report)`);
	}

	if (invocation.json) {
		return finished;
	}

	io.out(ingestReportText(finished, io.style));
	return undefined;
}
