// What the three shells' scripts are generated from: the command table, flattened to words.
import {optionsOf} from '../../cli/parse-arguments.js';
import type {ArgumentSpec, CommandSpec, OptionSpec} from '../../cli/spec.js';
import {commands, groups} from '../table.js';

/** Top-level words: single commands and groups, each with its line of help. */
export function topWords(): Array<{word: string; summary: string}> {
	const singles = commands.filter(spec => !spec.name.includes(' ')).map(spec => ({word: spec.name, summary: spec.summary}));
	return [...singles, ...groups.map(group => ({word: group, summary: `${commands.filter(spec => spec.name.startsWith(`${group} `)).map(spec => spec.name.split(' ')[1]!).join(', ')}`}))];
}

export function membersOf(group: string): CommandSpec[] {
	return commands.filter(spec => spec.name.startsWith(`${group} `));
}

export {groups} from '../table.js';

export const completable = (): CommandSpec[] => [...commands];

export const optionsFor = (spec: CommandSpec): OptionSpec[] => optionsOf(spec);

/** The first argument that completes to something (choices, files, folders). */
export const firstArgument = (spec: CommandSpec): ArgumentSpec | undefined => spec.args?.[0];

/** Text safe inside single quotes of any of the three shells (descriptions only). */
export const plain = (text: string) => text.replaceAll(/['`$\\[\]]/g, '').replaceAll(/\s+/g, ' ');
