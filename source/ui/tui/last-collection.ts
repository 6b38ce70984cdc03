import Conf from 'conf';
import {resolvePaths} from '../../../common/paths.js';

/** Where the TUI remembers the collection it last showed. */
export type CollectionMemory = {
	read(): string | undefined;
	write(name: string): void;
};

type Remembered = {lastCollection?: string};

/**
 * `tui.json` in md-vector's state folder (common/paths.ts). A convenience: a state folder that cannot be read or
 * written leaves the TUI opening on `default`, never failing; a broken file is replaced.
 */
export function stateFolderMemory(env: NodeJS.ProcessEnv = process.env): CollectionMemory {
	let store: Conf<Remembered> | undefined;
	try {
		store = new Conf<Remembered>({
			cwd: resolvePaths(env).state,
			configName: 'tui',
			clearInvalidConfig: true,
			schema: {lastCollection: {type: 'string', maxLength: 128}},
		});
	} catch {
		store = undefined;
	}

	return {
		read: () => store?.get('lastCollection'),
		write(name) {
			try {
				store?.set('lastCollection', name);
			} catch {
				// Not remembered this time (read-only or full disk): the next start opens on `default`.
			}
		},
	};
}
