import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {temporaryDirectory} from './paths.js';

/** A file's text, or a symlink to a target (relative to the link's folder, or absolute). */
export type TreeEntry = string | {readonly symlink: string};

/** Writes a tree of files and symlinks (paths relative to the root, '/' separators) and returns its root. */
export function makeTree(entries: Record<string, TreeEntry>, root = temporaryDirectory('md-vector-tree-')): string {
	for (const [relative, entry] of Object.entries(entries)) {
		const file = path.join(root, ...relative.split('/'));
		mkdirSync(path.dirname(file), {recursive: true});
		if (typeof entry === 'string') {
			writeFileSync(file, entry);
		} else {
			symlinkSync(entry.symlink, file);
		}
	}

	return root;
}
