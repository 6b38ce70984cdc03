// A JSON file replaced atomically and durably: written beside, flushed, renamed over, and the folder flushed, so a
// crash at any moment leaves either the old or the new file whole, and an acknowledged change survives it.
import {closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync} from 'node:fs';
import path from 'node:path';

export function writeJsonAtomic(file: string, value: unknown): void {
	mkdirSync(path.dirname(file), {recursive: true});
	const temporary = `${file}.${process.pid}.tmp`;
	const descriptor = openSync(temporary, 'w', 0o600);
	try {
		writeSync(descriptor, `${JSON.stringify(value, null, '\t')}\n`);
		fsyncSync(descriptor);
	} finally {
		closeSync(descriptor);
	}

	renameSync(temporary, file);
	const folder = openSync(path.dirname(file), 'r');
	try {
		fsyncSync(folder);
	} finally {
		closeSync(folder);
	}
}
