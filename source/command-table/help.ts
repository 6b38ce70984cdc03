// Help generated from the command table: the root help lists every command with one line; each command's
// help shows its arguments, options with their defaults as values, and examples.
import {version} from '../../common/version.js';
import {oneOf} from '../../common/one-of.js';
import {exitCodes} from '../cli/exit-codes.js';
import {optionsOf, usageOf} from '../cli/parse-arguments.js';
import type {CommandSpec, OptionSpec} from '../cli/spec.js';
import {commands} from './table.js';

const urlRow: [string, string] = ['--url URL', 'use the daemon at URL instead of finding or starting one (also MD_VECTOR_URL); any command, and the terminal UI'];

function columns(rows: ReadonlyArray<readonly [string, string]>, indent = '  '): string[] {
	const width = Math.max(...rows.map(([left]) => left.length));
	return rows.map(([left, right]) => `${indent}${left.padEnd(width)}  ${right}`.trimEnd());
}

const synopsis = (spec: CommandSpec) => [spec.name, ...(spec.args ?? []).map(argument => (argument.optional ? `[${argument.name}]` : argument.name))].join(' ');

export function rootHelp(): string {
	return [
		`md-vector ${version}: turn folders of Markdown into a local search index, searched by keyword and by meaning.`,
		'',
		'Usage:',
		...columns([['md-vector [-C NAME]', 'the terminal UI, on collection NAME or the one used last (? lists its keys)'], ['md-vector COMMAND [options]', 'a one-shot command; md-vector COMMAND --help for its options']]),
		'',
		'Commands:',
		...columns(commands.map(spec => [synopsis(spec), spec.summary])),
		'',
		'Options of every command:',
		...columns([urlRow, ['-h, --help', 'show help'], ['--version', 'print the version']]),
		'',
		`Exit codes: ${exitCodes.ok} done, ${exitCodes.failure} failed, ${exitCodes.usage} usage error or refused input, ${exitCodes.cancelled} cancelled (Ctrl-C).`,
		'With --json, stdout holds exactly one JSON document (errors too); notices and progress go to stderr.',
		'Settings: md-vector config list (environment variables win: MD_VECTOR_PORT, MD_VECTOR_HOME, ...; see docs/commands.md).',
		'',
	].join('\n');
}

function optionRow(option: OptionSpec): [string, string] {
	const names = `${option.short ? `-${option.short}, ` : '    '}--${option.name}${option.value ? ` ${option.value.toUpperCase()}` : ''}`;
	const choices = option.choices && !option.choices.every(choice => option.description.includes(choice)) ? `: ${oneOf(option.choices)}` : '';
	const fallback = option.default === undefined ? '' : ` (${option.default === 'default' ? '\'default\'' : option.default})`;
	return [names, `${option.description}${choices}${fallback}${option.required ? ' (required)' : ''}${option.repeatable ? ' (repeatable)' : ''}`];
}

export function commandHelp(spec: CommandSpec): string {
	const summary = spec.summary.charAt(0).toUpperCase() + spec.summary.slice(1);
	return [
		`Usage: md-vector ${spec.name} ${usageOf(spec)}`.trimEnd(),
		'',
		`${summary}.${spec.details ? ` ${spec.details}` : ''}`,
		...(spec.args?.length ? ['', 'Arguments:', ...columns(spec.args.map(argument => [argument.name, `${argument.description}${argument.choices ? `: ${oneOf(argument.choices)}` : ''}`]))] : []),
		'',
		'Options:',
		...columns([...optionsOf(spec).map(option => optionRow(option)), [`    ${urlRow[0]}`, urlRow[1]]]),
		'',
		spec.examples.length === 1 ? 'Example:' : 'Examples:',
		...spec.examples.map(example => `  ${example}`),
		'',
	].join('\n');
}

/** `md-vector config`: the commands of a group. */
export function groupHelp(group: string): string {
	const members = commands.filter(spec => spec.name.startsWith(`${group} `));
	return [`Usage: md-vector ${group} COMMAND [options]`, '', 'Commands:', ...columns(members.map(spec => [synopsis(spec), spec.summary])), '', `md-vector ${group} COMMAND --help shows a command's options.`, ''].join('\n');
}
