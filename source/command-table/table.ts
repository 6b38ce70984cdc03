// The command table: every command, for parsing, the root and command help, and shell completions.
// To add a command: describe it in one of the table-*.ts files (name, summary, args, options, examples) and
// give it a module in ../commands exporting `run(invocation, io)`, which returns the --json document.
import type {CommandSpec} from '../cli/spec.js';
import {adminCommands} from './table-admin.js';
import {readCommands} from './table-read.js';
import {writeCommands} from './table-write.js';
import {modelCommands} from './table-model.js';

export const commands: readonly CommandSpec[] = [...writeCommands, ...readCommands, ...adminCommands, ...modelCommands];

/** Groups of commands ('config', 'capabilities') by their first word. */
export const groups: readonly string[] = [...new Set(commands.filter(command => command.name.includes(' ')).map(command => command.name.split(' ')[0]!))];

export type Lookup
	= | {readonly kind: 'command'; readonly spec: CommandSpec; readonly rest: readonly string[]}
		| {readonly kind: 'group'; readonly group: string}
		| {readonly kind: 'unknown'; readonly word: string; readonly candidates: readonly string[]};

/** The command the words name, and the words after it. */
export function findCommand(words: readonly string[]): Lookup {
	const [first = '', second] = words;
	if (groups.includes(first)) {
		const spec = commands.find(command => command.name === `${first} ${second}`);
		if (spec) {
			return {kind: 'command', spec, rest: words.slice(2)};
		}

		return second === undefined || second.startsWith('-') ? {kind: 'group', group: first} : {kind: 'unknown', word: `${first} ${second}`, candidates: commands.filter(command => command.name.startsWith(`${first} `)).map(command => command.name)};
	}

	const spec = commands.find(command => command.name === first);
	return spec ? {kind: 'command', spec, rest: words.slice(1)} : {kind: 'unknown', word: first, candidates: [...commands.filter(command => !command.name.includes(' ')).map(command => command.name), ...groups]};
}
