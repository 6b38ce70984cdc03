import path from 'node:path';
import type {SearchResult, SourceEntry} from '../../client/api-types.js';

/** The followed folder a hit's file lies in, with its path there (for a line of the folder's .mdvectorignore). */
export function followedFile(hit: SearchResult, sources: readonly SourceEntry[]): {folder: string; relative: string} | undefined {
	if (!hit.source_path) {
		return undefined;
	}

	for (const source of sources) {
		const relative = path.relative(source.path, hit.source_path);
		if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) {
			return {folder: source.path, relative: relative.split(path.sep).join('/')};
		}
	}

	return undefined;
}
