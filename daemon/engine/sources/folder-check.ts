// Whether a source's folder may be read now, checked where it is read: on the real path the walk resolved, at
// every sync (ingest-dir, update, each watcher batch and catch-up), not only when the source was added or
// imported. A folder replaced by a link to somewhere else, or a path imported before it existed and created
// later as a link, resolves elsewhere; what it resolves to now is what is checked.
import {realpathSync} from 'node:fs';
import path from 'node:path';

/** A refusal's reason (said in the source's `error`), or undefined when the folder may be read. */
export type FolderVerdict = string | undefined;

/** The caller's rule for a folder's real path: its allowed roots or fs scopes (the use cases make it from the actor). */
export type FolderCheck = (realFolder: string) => FolderVerdict | Promise<FolderVerdict>;

/** Thrown by the walk when a source's folder may not be read: nothing of it is read, nothing of it removed. */
export class FolderRefused extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'FolderRefused';
	}
}

function isInside(root: string, target: string): boolean {
	const relative = path.relative(root, target);
	return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/**
 * The engine's own rule, whoever asks (the watch setting too): a source is recorded by the real path it was
 * checked with; when its folder now resolves elsewhere (it, or a folder above it, became a link), the new place
 * must lie inside the daemon's allowed roots. So a link swapped in for a followed folder reads nothing outside
 * them, even for a caller who may read anywhere (the owner's own commands), whose update would otherwise put the
 * outside files where every client with search permission finds them.
 */
export function movedFolderVerdict(realFolder: string, recorded: string, allowedRoots: readonly string[]): FolderVerdict {
	if (realFolder === recorded) {
		return undefined;
	}

	const realRoots = allowedRoots.map(root => {
		try {
			return realpathSync(root);
		} catch {
			return path.resolve(root);
		}
	});
	return realRoots.some(root => isInside(root, realFolder))
		? undefined
		: `the folder now leads to ${realFolder} (a link replaced it or a folder above it), outside the allowed roots (${allowedRoots.length > 0 ? allowedRoots.join(', ') : 'none'}): not read. `
			+ 'If that folder is meant, remove this source (md-vector collection remove-source) and add that folder itself';
}

/** Both rules: the engine's (a folder moved under a link) and the caller's (roots or scopes), on the real path. */
export function folderCheckFor(recorded: string, allowedRoots: readonly string[], caller?: FolderCheck): (realFolder: string) => Promise<FolderVerdict> {
	return async realFolder => movedFolderVerdict(realFolder, recorded, allowedRoots) ?? caller?.(realFolder);
}
