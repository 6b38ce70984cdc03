import {readdirSync, rmSync} from 'node:fs';
import path from 'node:path';

/** What index-file.ts and pipe-sink.ts leave while writing: `<name>.<pid>.tmp`, its `.json` and its `.fifo`. */
const temporary = /\.\d+\.tmp(\.json|\.fifo)?$/;

/**
 * Removes what a write cut short left in the index folder (a kill, a crash, a full disk before this version).
 * At start, when no write can be running: one daemon holds the data folder. Answers the names removed.
 */
export function removeIndexTemporaries(directory: string): string[] {
	let names: string[];
	try {
		names = readdirSync(directory).filter(name => temporary.test(name));
	} catch {
		return []; // no index folder yet
	}

	const removed: string[] = [];
	for (const name of names) {
		try {
			rmSync(path.join(directory, name), {force: true});
			removed.push(name);
		} catch {
			// A read-only folder: left for a start that can remove it.
		}
	}

	return removed;
}
