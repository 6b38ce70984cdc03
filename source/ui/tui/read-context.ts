import {readFileSync} from 'node:fs';
import type {SearchResult} from '../../client/api-types.js';

export type Context = {readonly before: string[]; readonly after: string[]};

const cache = new Map<string, string[] | undefined>();

/** Lines just before and after a chunk, read from its source file when the daemon recorded one and it is readable here. */
export function readContext(hit: SearchResult, lines = 8): Context | undefined {
	if (!hit.source_path) {
		return undefined;
	}

	if (!cache.has(hit.source_path)) {
		try {
			cache.set(hit.source_path, readFileSync(hit.source_path, 'utf8').split('\n'));
		} catch {
			cache.set(hit.source_path, undefined);
		}
	}

	const file = cache.get(hit.source_path);
	if (!file) {
		return undefined;
	}

	return {
		before: file.slice(Math.max(0, hit.start_line - 1 - lines), hit.start_line - 1),
		after: file.slice(hit.end_line, hit.end_line + lines),
	};
}
