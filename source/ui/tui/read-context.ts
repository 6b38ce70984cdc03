import {readFileSync, statSync} from 'node:fs';
import type {SearchResult} from '../../client/api-types.js';

export type Context = {readonly before: string[]; readonly after: string[]};

// Files are re-read only when they changed on disk (the preview of an edited file follows the edit).
const cache = new Map<string, {readonly mtimeMs: number; readonly lines: string[]}>();

function linesOf(file: string): string[] | undefined {
	try {
		const {mtimeMs} = statSync(file);
		const cached = cache.get(file);
		if (cached?.mtimeMs === mtimeMs) {
			return cached.lines;
		}

		const lines = readFileSync(file, 'utf8').split('\n');
		cache.set(file, {mtimeMs, lines});
		return lines;
	} catch {
		return undefined;
	}
}

/** Lines just before and after a chunk, read from its source file when the daemon recorded one and it is readable here. */
export function readContext(hit: SearchResult, lines = 8): Context | undefined {
	if (!hit.source_path) {
		return undefined;
	}

	const file = linesOf(hit.source_path);
	if (!file) {
		return undefined;
	}

	return {
		before: file.slice(Math.max(0, hit.start_line - 1 - lines), hit.start_line - 1),
		after: file.slice(hit.end_line, hit.end_line + lines),
	};
}
