// The repository's own files (no dependencies, build output or local caches), as paths relative to its root.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {repoRoot} from '../helpers/paths.js';

const notOurs = new Set(['node_modules', 'dist', '.git', '.bench-models', '.models', '.test-tools']);

export function repoFiles(under = ''): string[] {
	return readdirSync(path.join(repoRoot, under), {withFileTypes: true}).flatMap(entry => {
		const relative = path.posix.join(under, entry.name);
		if (entry.isDirectory()) {
			return notOurs.has(entry.name) ? [] : repoFiles(relative);
		}

		return entry.isFile() ? [relative] : [];
	});
}
