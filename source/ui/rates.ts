import type {DirectoryProgress} from '../client/api-types.js';
import {count} from './format.js';

/** Throughput so far and the time left at that pace. */
export function rates(progress: DirectoryProgress, startedAt: number, now: number): {filesPerSecond: number; chunksPerSecond: number; etaSeconds: number} {
	const seconds = Math.max(0.001, (now - startedAt) / 1000);
	const filesPerSecond = progress.processedFiles / seconds;
	const left = progress.totalFiles - progress.processedFiles;
	return {
		filesPerSecond,
		chunksPerSecond: progress.chunks / seconds,
		etaSeconds: filesPerSecond > 0 ? left / filesPerSecond : Number.POSITIVE_INFINITY,
	};
}

/** One plain line of progress, for logs and pipes. */
export function progressLine(progress: DirectoryProgress, startedAt: number, now: number): string {
	if (progress.totalFiles === 0) {
		return 'ingest-dir: finding the Markdown files';
	}

	const {filesPerSecond, chunksPerSecond} = rates(progress, startedAt, now);
	return `ingest-dir: ${count(progress.processedFiles)}/${count(progress.totalFiles)} files, ${count(progress.chunks)} chunks, ${count(Math.round(filesPerSecond))} files/s, ${count(Math.round(chunksPerSecond))} chunks/s`;
}
