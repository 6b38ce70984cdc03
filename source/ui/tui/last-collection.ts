import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {resolvePaths} from '../../../common/paths.js';

/** Where the TUI remembers the collection it last showed. */
export type CollectionMemory = {
	read(): string | undefined;
	write(name: string): void;
};

const collectionName = /^[\w.-]{1,128}$/;

/**
 * `tui.json` in md-vector's state folder (common/paths.ts): `{"lastCollection": NAME}`. A convenience: a state
 * folder that cannot be read or written leaves the TUI opening on `default`, never failing; a broken file is
 * replaced by the next write. Plain JSON, not conf: conf and its schema compiler took ~0.5 s of the TUI's start.
 */
export function stateFolderMemory(env: NodeJS.ProcessEnv = process.env): CollectionMemory {
	const file = path.join(resolvePaths(env).state, 'tui.json');
	return {
		read() {
			try {
				const {lastCollection} = JSON.parse(readFileSync(file, 'utf8')) as {lastCollection?: unknown};
				return typeof lastCollection === 'string' && collectionName.test(lastCollection) ? lastCollection : undefined;
			} catch {
				return undefined; // none yet, unreadable or broken
			}
		},
		write(name) {
			try {
				mkdirSync(path.dirname(file), {recursive: true});
				const temporary = `${file}.${process.pid}.tmp`; // written whole, then renamed: never half a file
				writeFileSync(temporary, `${JSON.stringify({lastCollection: name})}\n`);
				renameSync(temporary, file);
			} catch {
				// Not remembered this time (read-only or full disk): the next start opens on `default`.
			}
		},
	};
}
