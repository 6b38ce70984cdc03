import {version} from '../common/version.js';
import {suggestionMark, UsageError} from './client/client-errors.js';
import {reportFailure} from './ui/report-failure.js';
import {processIo} from './cli/io.js';
import {parseArguments} from './cli/parse-arguments.js';
import type {CommandSpec} from './cli/spec.js';
import {findCommand} from './command-table/table.js';
import {inUserWords} from './cli/user-words.js';

const rootOptions = ['--help', '-h', '--version', '--url'];

/** A mistyped word's suggestion, worked out (fastest-levenshtein loads) only when there is a mistake to report. */
async function withSuggestion(error: unknown): Promise<unknown> {
	if (!(error instanceof UsageError) || !error.message.includes(suggestionMark)) {
		return error;
	}

	const {didYouMean} = await import('./cli/did-you-mean.js');
	const hint = error.suggestion ? didYouMean(error.suggestion.word, error.suggestion.candidates) : '';
	return new UsageError(error.message.replace(suggestionMark, hint), error.code);
}

/** `md-vector WORDS...` for everything but the terminal UI: finds the command, parses, runs, reports. */
export async function runCli(words: readonly string[]): Promise<void> {
	const io = processIo();
	const [first = ''] = words;
	const json = words.slice(0, words.includes('--') ? words.indexOf('--') : undefined).includes('--json');
	let spec: CommandSpec | undefined;
	let args: readonly string[] = [];
	try {
		if (first === '--version') {
			io.out(`${version}\n`);
			return;
		}

		if (first === '-h' || first === '--help' || (first === 'help' && words.length === 1)) {
			io.out((await import('./command-table/help.js')).rootHelp());
			return;
		}

		if (first.startsWith('-')) {
			throw new UsageError(`unknown option '${first}'${suggestionMark}: options go after the command (md-vector COMMAND --help lists them)`, 'unknown_option', {word: first, candidates: rootOptions});
		}

		const found = findCommand(first === 'help' ? [...words.slice(1), '--help'] : words);
		if (found.kind === 'unknown') {
			throw new UsageError(`unknown command '${found.word}'${suggestionMark}; md-vector --help lists the commands`, 'unknown_command', {word: found.word, candidates: found.candidates});
		}

		if (found.kind === 'group') {
			io.out((await import('./command-table/help.js')).groupHelp(found.group));
			return;
		}

		spec = found.spec;
		const invocation = spec.ownArguments ? {args: found.rest, options: {}, json: false} : parseArguments(spec, found.rest);
		if (invocation === 'help') {
			io.out((await import('./command-table/help.js')).commandHelp(spec));
			return;
		}

		args = invocation.args;

		const value = await (await spec.load()).run(invocation, io);
		if (invocation.json && value !== undefined) {
			io.out(`${JSON.stringify(value)}\n`);
		}
	} catch (error) {
		reportFailure(await withSuggestion(inUserWords(error, spec?.words, args)), {json});
	}
}
