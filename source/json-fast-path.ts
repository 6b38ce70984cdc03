// `--json` for the read commands without Ink or pastel: importing them costs ~400 ms of a one-shot call that a
// script pays every time; this path parses with node:util and prints the daemon's answer. Anything it does not
// recognise exactly (help, an unknown option, a bad choice) goes to the full CLI, which explains the mistake.
import {parseArgs, type ParseArgsConfig} from 'node:util';
import type {SearchMode} from './client/api-types.js';
import {connect} from './client/connect.js';
import type {DaemonClient} from './client/daemon-client.js';
import {fusions, searchDefaults, searchModes, searchOnce} from './client/search-once.js';
import {reportFailure} from './ui/report-failure.js';

type Parsed = {values: Record<string, string | boolean | undefined>; positionals: string[]};
type Command = {
	readonly options: NonNullable<ParseArgsConfig['options']>;
	readonly positionals: number;
	/** The work, or undefined when the values are not ones this path handles (the full CLI reports them). */
	readonly prepare: (parsed: Parsed) => ((client: DaemonClient) => Promise<unknown>) | undefined;
};

const collection = {collection: {type: 'string', short: 'C', default: searchDefaults.collection}} as const;
const json = {json: {type: 'boolean'}} as const;
const oneOf = <T extends string>(value: unknown, choices: readonly T[]): value is T => choices.includes(value as T);

const commands: Record<string, Command> = {
	search: {
		options: {
			...json, ...collection, 'top-k': {type: 'string', short: 'k', default: searchDefaults.topK}, mode: {type: 'string', default: searchDefaults.mode},
			collapse: {type: 'boolean', default: searchDefaults.collapse}, fusion: {type: 'string', default: searchDefaults.fusion},
		},
		positionals: 1,
		prepare({values, positionals: [query]}) {
			const {mode, fusion} = values;
			if (!oneOf<SearchMode>(mode, searchModes) || !oneOf(fusion, fusions)) {
				return undefined;
			}

			return async client => searchOnce(client, query!, {
				topK: values['top-k'] as string, mode, fusion, collection: values.collection as string, collapse: values.collapse as boolean,
			});
		},
	},
	stats: {options: {...json, ...collection}, positionals: 0, prepare: ({values}) => async client => client.stats(values.collection as string)},
	documents: {options: {...json, ...collection}, positionals: 0, prepare: ({values}) => async client => client.documents(values.collection as string)},
	collections: {options: json, positionals: 0, prepare: () => async client => client.collections()},
};

/** Runs `arguments_` when it is a read command with --json; false when the full CLI should take it. */
export async function jsonFastPath(arguments_: readonly string[]): Promise<boolean> {
	const [name, ...rest] = arguments_;
	const command = name === undefined ? undefined : commands[name];
	if (!command || !rest.includes('--json')) {
		return false;
	}

	let parsed: Parsed;
	try {
		parsed = parseArgs({args: rest, options: command.options, allowPositionals: true, strict: true}) as Parsed;
	} catch {
		return false;
	}

	const work = parsed.positionals.length === command.positionals ? command.prepare(parsed) : undefined;
	if (!work) {
		return false;
	}

	try {
		const client = await connect({onNotice: line => process.stderr.write(`${line}\n`)});
		process.stdout.write(`${JSON.stringify(await work(client))}\n`);
	} catch (error: unknown) {
		reportFailure(error);
	}

	return true;
}
