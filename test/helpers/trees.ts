import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {temporaryDirectory} from './paths.js';

/** A folder of small generated notes: `folders` x `perFolder` files, each with two sections. */
export function writeNotes(folders: number, perFolder: number, root = temporaryDirectory('md-vector-notes-')): string {
	for (let folder = 0; folder < folders; folder++) {
		mkdirSync(path.join(root, `f${folder}`), {recursive: true});
		for (let file = 0; file < perFolder; file++) {
			writeFileSync(
				path.join(root, `f${folder}`, `note-${file}.md`),
				`# Note ${folder}-${file}\n\nTopic ${file % 7} about gardens and soil number ${file}.\n\n## Details\n\nMore text for ${folder}.\n`,
			);
		}
	}

	return root;
}
