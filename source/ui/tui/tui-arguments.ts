import {parseArgs} from 'node:util';

export type TuiArguments = {readonly collection?: string} | {readonly error: string};

const collectionPattern = /^[\w.-]{1,128}$/;
/** Whether an argument is the TUI's own option (-C NAME, -CNAME, --collection NAME, --collection=NAME). */
const isTuiOption = (argument: string) => argument.startsWith('-C') || argument === '--collection' || argument.startsWith('--collection=');

/**
 * The command line when it asks for the terminal UI: nothing, or only its options (`-C NAME`,
 * `--collection NAME`); `error` says what is wrong with them. Undefined when a command (or help) is asked for.
 * The TUI's options are parsed here and not as pastel's root options, which commander would also take out of
 * a command's arguments (`ingest-dir DIR -C notes` would lose its -C).
 */
export function tuiArguments(arguments_: readonly string[]): TuiArguments | undefined {
	const [first] = arguments_;
	// Anything else first (a command, --help, --version, a mistyped option) is the command line's to answer.
	if (first !== undefined && !isTuiOption(first)) {
		return undefined;
	}

	let collection: string | undefined;
	try {
		({values: {collection}} = parseArgs({args: [...arguments_], options: {collection: {type: 'string', short: 'C'}}, strict: true, allowPositionals: false}));
	} catch (error) {
		return {error: `${error instanceof Error ? error.message : String(error)} (the terminal UI takes -C NAME; commands: md-vector --help)`};
	}

	if (collection !== undefined && !collectionPattern.test(collection)) {
		return {error: `-C: a collection name is 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-' (got ${JSON.stringify(collection.slice(0, 140))})`};
	}

	return {collection};
}
