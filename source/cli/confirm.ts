import {createInterface} from 'node:readline/promises';
import {UsageError} from '../client/client-errors.js';

/**
 * Asks a yes/no question on the terminal before something that deletes (default no). `--yes` skips it; without a
 * terminal to ask on, or under --json (stdout is for the one document), it is refused instead of guessed.
 */
export async function confirm(question: string, options: {yes: boolean; json: boolean}): Promise<boolean> {
	if (options.yes) {
		return true;
	}

	if (options.json || !process.stdin.isTTY) {
		throw new UsageError(`${question.replace(/\?$/, '')}: refused without --yes (${options.json ? '--json never prompts' : 'no terminal to ask on'})`, 'confirmation_required');
	}

	const reader = createInterface({input: process.stdin, output: process.stderr});
	try {
		return /^y(es)?$/i.test((await reader.question(`${question} [y/N] `)).trim());
	} finally {
		reader.close();
	}
}
