// A model job's progress: one line redrawn in place on a terminal (a bar of bytes), plain lines at most once a
// second when stderr is piped (and whenever the step changes), so logs stay readable.
import type {ModelJob} from '../../common/wire/models.js';
import type {Io} from '../cli/io.js';

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** "bge-small-en-v1.5 (Maven Central): downloading ….jar: 12.3 of 24.6 MB (50%)". */
export function modelProgressText(job: ModelJob): string {
	const from = job.source ? ` (${job.source.replace(/ \(.*$/, '')})` : '';
	const amount = job.total_bytes > 0 ? `: ${megabytes(job.done_bytes)} of ${megabytes(job.total_bytes)} MB (${Math.floor(100 * job.done_bytes / job.total_bytes)}%)` : '';
	return `${job.model === '*' ? 'model verify' : job.model}${from}: ${job.stage}${amount}`;
}

function bar(job: ModelJob, width = 24): string {
	const ratio = job.total_bytes > 0 ? Math.min(1, job.done_bytes / job.total_bytes) : 0;
	const filled = Math.round(ratio * width);
	return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

export function modelProgress(io: Io, json: boolean): {update: (job: ModelJob) => void; stop: () => void} {
	const terminal = !json && io.interactive && Boolean(process.stderr.isTTY);
	let lastAt = 0;
	let lastStage = '';
	let drawn = false;
	return {
		update(job) {
			if (terminal) {
				const columns = process.stderr.columns ?? 80;
				const line = `${job.total_bytes > 0 ? `${bar(job)} ` : ''}${modelProgressText(job)}`;
				process.stderr.write(`\r\u001B[2K${line.slice(0, columns - 1)}`);
				drawn = true;
			} else if (job.stage !== lastStage || Date.now() - lastAt >= 1000) {
				lastAt = Date.now();
				lastStage = job.stage;
				io.note(modelProgressText(job));
			}
		},
		stop() {
			if (drawn) {
				process.stderr.write('\r\u001B[2K');
			}
		},
	};
}
