import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** The word only the files outside every root hold: found anywhere in the daemon, it read outside. */
export const secretWord = 'zqoutsidesecret';

/** Writes files (relative path -> text) under `root`, making folders as needed. */
export function writeTree(root: string, files: Record<string, string>): void {
	for (const [name, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(root, name)), {recursive: true});
		writeFileSync(path.join(root, name), text);
	}
}

export function makeFifo(file: string): void {
	mkdirSync(path.dirname(file), {recursive: true});
	execFileSync('mkfifo', [file]);
}

export function makeLink(target: string, file: string): void {
	mkdirSync(path.dirname(file), {recursive: true});
	symlinkSync(target, file);
}

/** A Markdown note with a word of its own. */
export const note = (word: string) => `# Note ${word}\n\nThe word ${word} marks this note about compost.\n`;
