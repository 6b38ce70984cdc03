import type {DirectoryProgress} from '../client/api-types.js';
import {count, formatDuration} from './format.js';

/** What a job has done of how much there is, in the unit its phase moves in (issue 37: with the work, not the commits). */
export type Work = {readonly phase: 'finding' | 'reading' | 'writing'; readonly unit: 'files' | 'chunks'; readonly done: number; readonly total: number};

/**
 * The work of a progress: `reading` counts the files checked of those found; `writing` the chunks given vectors of
 * an estimate of all the chunks to write (the chunks of the files chunked so far, and as many per file for the
 * rest); a daemon that reports neither, the files committed.
 */
export function workOf(progress: DirectoryProgress): Work {
	if (progress.phase === 'reading') {
		return {phase: 'reading', unit: 'files', done: progress.read_files ?? 0, total: progress.found_files ?? 0};
	}

	if (progress.phase === 'writing' && (progress.write_files ?? 0) > 0) {
		const prepared = progress.prepared_files ?? 0;
		const chunks = progress.prepared_chunks ?? 0;
		const perFile = prepared > 0 ? chunks / prepared : 0;
		const total = Math.round(chunks + ((progress.write_files! - prepared) * perFile));
		return {phase: 'writing', unit: 'chunks', done: Math.min(progress.embedded_chunks ?? 0, total), total};
	}

	return {phase: progress.total_files > 0 ? 'writing' : 'finding', unit: 'files', done: progress.processed_files, total: progress.total_files};
}

/** How far back the rate looks: long enough to smooth a group's commit, short enough to follow a change of pace. */
const windowMs = 10_000;

/**
 * The recent rate of a job's work, from the progress it has seen (fed once per update): work done per second over
 * the last ten seconds of the current phase and unit, and the time left at that pace.
 */
export class RecentRate {
	private samples: Array<{readonly at: number; readonly done: number}> = [];
	private phase: string | undefined;

	/** Records the work at `now`; answers units per second (0 until two samples) and the seconds left (Infinity when unknown). */
	update(work: Work, now: number): {perSecond: number; etaSeconds: number} {
		const phase = `${work.phase}/${work.unit}`;
		if (phase !== this.phase) {
			this.phase = phase;
			this.samples = [];
		}

		if (this.samples.at(-1)?.at !== now) {
			this.samples.push({at: now, done: work.done});
		}

		while (this.samples.length > 2 && now - this.samples[1]!.at >= windowMs) {
			this.samples.shift();
		}

		const first = this.samples[0]!;
		const seconds = (now - first.at) / 1000;
		const perSecond = seconds > 0 ? Math.max(0, work.done - first.done) / seconds : 0;
		const left = Math.max(0, work.total - work.done);
		return {perSecond, etaSeconds: left === 0 ? 0 : (perSecond > 0 ? left / perSecond : Number.POSITIVE_INFINITY)};
	}
}

/** What the bar and the line say of a job: its work, rate and time left. */
export function describeWork(work: Work, rate: {perSecond: number; etaSeconds: number}): string {
	const pace = `${count(Math.round(rate.perSecond))} ${work.unit}/s, ETA ${formatDuration(rate.etaSeconds)}`;
	switch (work.phase) {
		case 'finding': {
			return 'finding the Markdown files';
		}

		case 'reading': {
			return `reading ${count(work.done)}/${count(work.total)} files, ${pace}`;
		}

		case 'writing': {
			return work.unit === 'chunks' ? `embedding ${count(work.done)}/~${count(work.total)} chunks, ${pace}` : `${count(work.done)}/${count(work.total)} files, ${pace}`;
		}
	}
}

/** One plain line of progress, for logs and pipes, named for the command that runs the job (ingest-dir, update); `rate` keeps the recent pace across lines. */
export function progressLine(progress: DirectoryProgress, rate: RecentRate, now: number, command = 'ingest-dir'): string {
	const work = workOf(progress);
	const said = describeWork(work, rate.update(work, now));
	return work.phase === 'writing' ? `${command}: ${count(progress.processed_files)}/${count(progress.total_files)} files written, ${count(progress.chunks)} chunks; ${said}` : `${command}: ${said}`;
}
