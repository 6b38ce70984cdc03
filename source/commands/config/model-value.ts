// `config set model VALUE`: what the value names, settled now rather than when the daemon next starts. A folder
// must be a model folder (a relative one is taken from here and stored absolute), a name md-vector knows is kept
// by its own spelling, a hub id is taken as one, with a note; anything else is refused with the nearest name.
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {resolvePaths} from '../../../common/paths.js';
import {chooseModel, unknownModel} from '../../../common/models/find-model.js';
import {folderProblem} from '../../../common/models/folder-check.js';
import {readInstalled} from '../../../common/models/installed.js';
import {UsageError} from '../../client/client-errors.js';
import type {Io} from '../../cli/io.js';

const fix = 'give a model folder\'s absolute path, a name md-vector knows (md-vector model list) or a hub id (owner/name)';

function folder(absolute: string, typed: string): string {
	const problem = folderProblem(absolute, 'q8');
	if (problem) {
		throw new UsageError(`model ${typed}${typed === absolute ? '' : ` (${absolute})`} ${problem}: ${fix}`, 'invalid_value');
	}

	return absolute;
}

const isFolder = (file: string) => statSync(file, {throwIfNoEntry: false})?.isDirectory() ?? false;

/** The value to store for `model`; notes on stderr what it was taken as. Throws a UsageError naming the fix. */
export function modelValue(text: string, io: Io, cwd = process.cwd()): string {
	const choice = chooseModel(text);
	if (choice.kind === 'folder') {
		return folder(choice.folder, text);
	}

	if (choice.kind === 'catalogue') {
		const {name} = choice.model;
		if (!readInstalled(resolvePaths().cache, name)) {
			io.note(`note: ${name} is not installed here: md-vector model install ${name} (until then the daemon fetches it from the hub)`);
		}

		return name;
	}

	// Relative to here: a folder that exists is meant as one.
	const absolute = path.resolve(cwd, text);
	if (existsSync(absolute)) {
		io.note(`note: model ${text} is the folder ${absolute}: stored as that absolute path`);
		return folder(absolute, text);
	}

	if (choice.kind === 'hub') {
		const first = path.resolve(cwd, text.split('/')[0]!);
		if (isFolder(first)) {
			throw new UsageError(`model ${text}: there is no folder ${absolute} (${first} exists, so this looks like a path, not a hub id): ${fix}`, 'invalid_value');
		}

		io.note(`note: model ${text} is taken as a Hugging Face hub id: the daemon downloads it from the hub when it starts (a folder is given by its absolute path)`);
		return text;
	}

	throw new UsageError(`model ${unknownModel(text)}`, 'invalid_value');
}
