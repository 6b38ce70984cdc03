import {suggestionMark, UsageError} from '../client/client-errors.js';
import {oneOf} from '../../common/one-of.js';
import type {CommandSpec, Invocation, OptionSpec} from './spec.js';

export const jsonOption: OptionSpec = {name: 'json', description: 'print the result as one JSON document on stdout (errors too: {"error": {...}})'};
export const helpOption: OptionSpec = {name: 'help', short: 'h', description: 'show this help'};

/** Every option a command takes, --json and --help included. */
export function optionsOf(spec: CommandSpec): OptionSpec[] {
	return [...(spec.options ?? []), ...(spec.json ? [jsonOption] : []), helpOption];
}

/** How messages name an option: its short form when it has one, as people type it. */
export const optionLabel = (option: OptionSpec) => (option.short ? `-${option.short}` : `--${option.name}`);

/** '-5' is a value (a number), not an option. */
const looksLikeOption = (token: string) => token.startsWith('-') && token !== '-' && !/^-\d/.test(token);

/** `md-vector <command>`'s words after the command: its options and arguments, checked; or a request for help. */
export function parseArguments(spec: CommandSpec, tokens: readonly string[]): Invocation | 'help' {
	const end = tokens.includes('--') ? tokens.indexOf('--') : tokens.length;
	if (tokens.slice(0, end).some(token => token === '-h' || token === '--help')) {
		return 'help';
	}

	const options = optionsOf(spec);
	const values: Record<string, string | boolean | string[] | undefined> = {};
	const args: string[] = [];
	for (let index = 0; index < tokens.length; index++) {
		const token = tokens[index]!;
		if (index > end || !looksLikeOption(token)) {
			args.push(token);
			continue;
		}

		if (index === end) {
			continue;
		}

		const long = token.startsWith('--');
		const [name, inline] = long ? splitOnce(token.slice(2)) : [token[1]!, token.length > 2 ? token.slice(2).replace(/^=/, '') : undefined];
		const option = options.find(candidate => (long ? candidate.name === name : candidate.short === name));
		if (!option) {
			const names = options.flatMap(candidate => [`--${candidate.name}`, ...(candidate.short ? [`-${candidate.short}`] : [])]);
			const word = token.split('=')[0]!;
			// `search '-plugin'`: a word with one dash is more likely an argument (an exclusion) than an option.
			const argument = spec.args?.[0];
			const dashes = argument && /^-[^-].+/.test(token) ? `; ${argument.name === 'QUERY' ? 'a query' : `${argument.name}`} starting with - goes after --: md-vector ${spec.name} -- '${token}'` : '';
			throw new UsageError(`unknown option '${word}' for md-vector ${spec.name}${suggestionMark}${dashes}; see md-vector ${spec.name} --help`, 'unknown_option', {word, candidates: names});
		}

		if (!option.value) {
			if (inline !== undefined) {
				throw new UsageError(`${optionLabel(option)} takes no value, got '${inline}'`, 'invalid_value');
			}

			values[option.name] = true;
			continue;
		}

		let value = inline;
		if (value === undefined) {
			const next = tokens[index + 1];
			if (next === undefined || index + 1 === end || looksLikeOption(next)) {
				throw new UsageError(`${optionLabel(option)} needs a value (${option.value}): ${option.description}`, 'missing_value');
			}

			value = next;
			index++;
		}

		const checkedValue = checked(option, value);
		values[option.name] = option.repeatable ? [...(values[option.name] as string[] | undefined ?? []), checkedValue] : checkedValue;
	}

	const absent = options.find(option => option.required && values[option.name] === undefined);
	if (absent) {
		throw new UsageError(`${optionLabel(absent)} ${absent.value!.toUpperCase()} is required: ${absent.description}`, 'missing_value');
	}

	return {args: checkedArguments(spec, args), options: withDefaults(options, values), json: values.json === true};
}

function splitOnce(text: string): [string, string | undefined] {
	const at = text.indexOf('=');
	return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function checked(option: OptionSpec, value: string): string {
	if (option.choices && !option.choices.includes(value)) {
		throw new UsageError(`${optionLabel(option)} must be ${oneOf(option.choices)}, got '${value}'${suggestionMark}`, 'invalid_value', {word: value, candidates: option.choices});
	}

	const broken = option.check?.(value);
	if (broken) {
		throw new UsageError(`${optionLabel(option)} ${broken}, got '${value}'`, 'invalid_value');
	}

	return value;
}

function checkedArguments(spec: CommandSpec, args: readonly string[]): string[] {
	const expected = spec.args ?? [];
	const missing = expected.slice(args.length).find(argument => !argument.optional);
	if (missing) {
		throw new UsageError(`missing ${missing.name} (${missing.description}): md-vector ${spec.name} ${usageOf(spec)}`, 'missing_argument');
	}

	if (args.length > expected.length && !expected.at(-1)?.variadic) {
		const extra = args.slice(expected.length).map(argument => `'${argument}'`).join(' ');
		const takes = expected.length === 0 ? 'takes no arguments' : `takes ${expected.map(argument => argument.name).join(' ')} (quote words that belong together)`;
		throw new UsageError(`unexpected argument ${extra}: md-vector ${spec.name} ${takes}`, 'too_many_arguments');
	}

	for (const [index, argument] of expected.entries()) {
		const value = args[index];
		if (value !== undefined && argument.refused && Object.hasOwn(argument.refused, value)) {
			throw new UsageError(`${argument.name} ${value} ${argument.refused[value]!}`, 'invalid_value');
		}

		if (value !== undefined && argument.choices && !argument.open && !argument.choices.includes(value)) {
			throw new UsageError(`${argument.name} must be ${oneOf(argument.choices)}, got '${value}'${suggestionMark}`, 'invalid_value', {word: value, candidates: argument.choices});
		}
	}

	return [...args];
}

/** `QUERY [-k N] ...`: the synopsis of a command. */
export function usageOf(spec: CommandSpec): string {
	const args = (spec.args ?? []).map(argument => `${argument.optional ? `[${argument.name}]` : argument.name}${argument.variadic ? '...' : ''}`);
	return [...args, ...((spec.options?.length ?? 0) > 0 || spec.json ? ['[options]'] : [])].join(' ');
}

function withDefaults(options: readonly OptionSpec[], values: Record<string, string | boolean | string[] | undefined>): Record<string, string | boolean | string[] | undefined> {
	const filled: Record<string, string | boolean | string[] | undefined> = {};
	for (const option of options) {
		filled[option.name] = values[option.name] ?? (option.value ? option.default : false);
	}

	return filled;
}
