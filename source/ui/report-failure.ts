import {DaemonError, UsageError} from '../client/client-errors.js';

/**
 * A command's failure: one line on stderr, nothing on stdout (so `--json` output stays clean), and the exit
 * code: 2 for refused input (ours or the daemon's 400/413/415), like a usage error; 1 for anything else.
 */
export function reportFailure(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	process.stderr.write(`md-vector: ${message}\n`);
	process.exitCode = error instanceof UsageError || (error instanceof DaemonError && [400, 413, 415].includes(error.status)) ? 2 : 1;
	return message;
}
