import {version} from '../../common/version.js';
import {UsageError} from '../client/client-errors.js';
import {reportFailure} from '../ui/report-failure.js';
import {didYouMean} from './did-you-mean.js';
import {commandHelp, groupHelp, rootHelp} from './help.js';
import {processIo} from './io.js';
import {parseArguments} from './parse-arguments.js';
import type {CommandSpec} from './spec.js';
import {findCommand} from './table.js';
import {inUserWords} from './user-words.js';

const rootOptions = ['--help', '-h', '--version', '--url'];

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
			io.out(rootHelp());
			return;
		}

		if (first.startsWith('-')) {
			throw new UsageError(`unknown option '${first}'${didYouMean(first, rootOptions)}: options go after the command (md-vector COMMAND --help lists them)`, 'unknown_option');
		}

		const found = findCommand(first === 'help' ? [...words.slice(1), '--help'] : words);
		if (found.kind === 'unknown') {
			throw new UsageError(`unknown command '${found.word}'${didYouMean(found.word, found.candidates)}; md-vector --help lists the commands`, 'unknown_command');
		}

		if (found.kind === 'group') {
			io.out(groupHelp(found.group));
			return;
		}

		spec = found.spec;
		const invocation = spec.ownArguments ? {args: found.rest, options: {}, json: false} : parseArguments(spec, found.rest);
		if (invocation === 'help') {
			io.out(commandHelp(spec));
			return;
		}

		args = invocation.args;

		const value = await (await spec.load()).run(invocation, io);
		if (invocation.json && value !== undefined) {
			io.out(`${JSON.stringify(value)}\n`);
		}
	} catch (error) {
		reportFailure(inUserWords(error, spec?.words, args), {json});
	}
}
