import type {DirectoryProgress} from '../client/api-types.js';
import {count} from './format.js';

/** Throughput so far and the time left at that pace. */
export function rates(progress: DirectoryProgress, startedAt: number, now: number): {filesPerSecond: number; chunksPerSecond: number; etaSeconds: number} {
	const seconds = Math.max(0.001, (now - startedAt) / 1000);
	const filesPerSecond = progress.processed_files / seconds;
	const left = progress.total_files - progress.processed_files;
	return {
		filesPerSecond,
		chunksPerSecond: progress.chunks / seconds,
		etaSeconds: filesPerSecond > 0 ? left / filesPerSecond : Number.POSITIVE_INFINITY,
	};
}

/** One plain line of progress, for logs and pipes, named for the command that runs the job (ingest-dir, update). */
export function progressLine(progress: DirectoryProgress, startedAt: number, now: number, command = 'ingest-dir'): string {
	if (progress.total_files === 0) {
		return `${command}: finding the Markdown files`;
	}

	const {filesPerSecond, chunksPerSecond} = rates(progress, startedAt, now);
	return `${command}: ${count(progress.processed_files)}/${count(progress.total_files)} files, ${count(progress.chunks)} chunks, ${count(Math.round(filesPerSecond))} files/s, ${count(Math.round(chunksPerSecond))} chunks/s`;
}
