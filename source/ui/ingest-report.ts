import type {FileOutcome, Job} from '../client/api-types.js';
import type {Style} from '../cli/style.js';
import {count, plural} from './format.js';
import {syncReportText} from './sync-report.js';

const colours = {indexed: 'green', moved: 'cyan', unchanged: 'yellow', failed: 'red'} as const;

function fileLine(file: FileOutcome, style: Style): string {
	const detail = file.status === 'failed' ? style.red(`: ${file.error ?? 'failed'}`) : style.dim(` (${plural(file.chunks, 'chunk')})`);
	return `${style[colours[file.status]](file.status.padEnd(9))} ${file.from === undefined ? '' : `${file.from} → `}${file.file}${detail}`;
}

function summary(job: Job, style: Style): string {
	const {progress} = job;
	// Moves are said only when there are some (folder syncs); older daemons do not count them.
	const moved = progress.moved > 0 ? `${count(progress.moved)} moved, ` : '';
	const counts = `${plural(progress.indexed, 'file')} indexed, ${moved}${count(progress.unchanged)} unchanged, ${count(progress.failed)} failed, ${plural(progress.chunks, 'chunk')}`;
	if (job.state !== 'cancelled') {
		return style.bold(`Done: ${counts}${job.collection === '*' ? '' : ` into '${job.collection}'`}.`);
	}

	const left = `${plural(progress.total_files - progress.processed_files, 'file')} not ingested (run again with --incremental to finish)`;
	const why = job.cancelled_by === 'shutdown' ? 'Stopped: the daemon was stopped (md-vector stop --now, or Ctrl-C of md-vector serve) before the job finished.' : 'Cancelled.';
	return style.bold(style.yellow(`${why} Kept what was committed: ${counts}; ${left}.`));
}

/** After a directory ingest: files by outcome (failed first, with the reason), at most `limit` a group, then the totals. */
export function ingestReportText(job: Job, style: Style, limit = 20): string {
	if (job.report?.sync) {
		// Folder sources: the sync's own lists (deletions by name) say more than per-file outcomes.
		return `${[...syncReportText(job.report.sync, style, limit), summary(job, style)].join('\n')}\n`;
	}

	const files = job.report?.files ?? [];
	const lines: string[] = [];
	for (const status of ['failed', 'indexed', 'moved', 'unchanged'] as const) {
		const group = files.filter(file => file.status === status);
		lines.push(...group.slice(0, limit).map(file => fileLine(file, style)));
		if (group.length > limit) {
			lines.push(style.dim(`  … and ${count(group.length - limit)} more ${status} (--json lists every file)`));
		}
	}

	return `${[...lines, summary(job, style)].join('\n')}\n`;
}
