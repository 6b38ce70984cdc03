import {DaemonError} from '../client/client-errors.js';

/**
 * The daemon names its API's fields (`top_k: must be...`, `file_path: ... does not exist`); the user typed
 * flags and arguments. A message that starts with a field the command maps is restated in those words: a flag
 * (`-k`), or `ARGn`, the n-th argument as typed.
 */
export function inUserWords(error: unknown, words: Readonly<Record<string, string>> = {}, args: readonly string[] = []): unknown {
	if (!(error instanceof DaemonError)) {
		return error;
	}

	const match = /^([\w.]+): /.exec(error.message);
	const word = match ? words[match[1]!] : undefined;
	if (!word) {
		return error;
	}

	// A path argument is named by what the user typed; a message that already shows the path needs no name.
	const rest = error.message.slice(match![0].length);
	const named = word.startsWith('ARG') ? args[Number(word.slice(3))] ?? word : word;
	return new DaemonError(error.status, error.code, word.startsWith('ARG') && rest.startsWith('/') ? rest : `${named}: ${rest}`);
}
