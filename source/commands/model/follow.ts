// Starts a model job on the daemon and follows it with progress; Ctrl-C cancels it (the daemon removes what it
// had fetched). A failed job is an error (exit 1, with --json the error document), a cancelled one exit 130.
import type {ModelJob} from '../../../common/wire/models.js';
import type {DaemonClient} from '../../client/daemon-client.js';
import {exitCodes} from '../../cli/exit-codes.js';
import type {Io} from '../../cli/io.js';
import {modelProgress} from '../../ui/model-progress.js';

export async function followModelJob(client: DaemonClient, job: ModelJob, json: boolean, io: Io): Promise<ModelJob> {
	const display = modelProgress(io, json);
	let cancelled = false;
	const cancel = () => {
		if (!cancelled) {
			cancelled = true;
			io.note('cancelling: what was downloaded is removed, nothing is installed…');
			void client.call('POST', `/models/jobs/${encodeURIComponent(job.id)}/cancel`).catch(() => undefined);
		}
	};

	process.on('SIGINT', cancel);
	let finished: ModelJob;
	try {
		finished = await client.followModelJob(job.id, display.update);
	} finally {
		process.off('SIGINT', cancel);
		display.stop();
	}

	if (finished.state === 'cancelled') {
		process.exitCode = exitCodes.cancelled;
	} else if (finished.state === 'failed') {
		throw new Error(finished.error ?? `the model ${finished.type} failed`);
	}

	return finished;
}
