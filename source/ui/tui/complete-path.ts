import {readdirSync, statSync, type Dirent} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Completion = {
	/** The text after Tab. */
	readonly value: string;
	/** What matched when Tab could not complete to one name (to show under the field). */
	readonly choices: readonly string[];
};

/** `~` and `~/...` as the home folder; anything else as typed. */
export function expandHome(text: string, home = os.homedir()): string {
	return text.replace(/^~(?=$|\/)/, home);
}

/** Completes `prefix` among `names`: the one match, else the longest prefix they share, with the matches. */
export function completeFrom(prefix: string, names: readonly string[]): {completed: string; choices: string[]} {
	const matching = names.filter(name => name.startsWith(prefix)).sort();
	if (matching.length <= 1) {
		return {completed: matching[0] ?? prefix, choices: []};
	}

	let shared = matching[0]!;
	for (const name of matching) {
		while (!name.startsWith(shared)) {
			shared = shared.slice(0, -1);
		}
	}

	return {completed: shared, choices: matching};
}

function isFolder(entry: Dirent, parent: string): boolean {
	if (entry.isDirectory()) {
		return true;
	}

	try {
		return entry.isSymbolicLink() && statSync(path.join(parent, entry.name)).isDirectory();
	} catch {
		return false; // a dangling link
	}
}

/**
 * Tab in a directory field, as a shell does it: `~/no` becomes `~/notes/` when one folder matches, the
 * longest shared prefix when several do (they are listed). Relative paths start at `cwd`; folders starting
 * with a dot are offered only when the typed name starts with one.
 */
export function completeDirectory(text: string, cwd = process.cwd(), home = os.homedir()): Completion {
	if (text === '~') {
		return {value: '~/', choices: []};
	}

	const cut = text.lastIndexOf('/') + 1;
	const typedFolder = text.slice(0, cut);
	const partial = text.slice(cut);
	const folder = path.resolve(cwd, expandHome(typedFolder || '.', home));
	let names: string[];
	try {
		names = readdirSync(folder, {withFileTypes: true})
			.filter(entry => isFolder(entry, folder) && (partial.startsWith('.') || !entry.name.startsWith('.')))
			.map(entry => entry.name);
	} catch {
		return {value: text, choices: []}; // not a readable folder: nothing to offer
	}

	const {completed, choices} = completeFrom(partial, names);
	if (choices.length === 0 && names.includes(completed)) {
		return {value: `${typedFolder}${completed}/`, choices: []};
	}

	return {value: `${typedFolder}${completed}`, choices};
}
