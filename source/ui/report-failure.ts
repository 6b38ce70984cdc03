import {exitCodes} from '../cli/exit-codes.js';
import {DaemonError, UnreachableError, UsageError} from '../client/client-errors.js';

export type Failure = {readonly code: string; readonly message: string; readonly exitCode: number};

/** What the file system said, in words, for the path the user gave. */
const fileProblems: Record<string, string> = {
	ENOENT: 'does not exist', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'is a folder, not a file',
	ENOTDIR: 'a part of the path is not a folder', ENOSPC: 'the disk is full', EROFS: 'the file system is read-only',
};

/** The code, message and exit code of a failure (see cli/exit-codes.ts). */
export function describeFailure(error: unknown): Failure {
	if (error instanceof UsageError) {
		return {code: error.code, message: error.message, exitCode: exitCodes.usage};
	}

	if (error instanceof DaemonError) {
		return {code: error.code, message: error.message, exitCode: [400, 413, 415].includes(error.status) ? exitCodes.usage : exitCodes.failure};
	}

	if (error instanceof UnreachableError) {
		return {code: error.code, message: error.message, exitCode: exitCodes.failure};
	}

	const system = error as NodeJS.ErrnoException;
	if (system?.code && system.path && fileProblems[system.code]) {
		return {code: 'file_error', message: `${system.path}: ${fileProblems[system.code]}`, exitCode: exitCodes.failure};
	}

	return {code: 'failed', message: error instanceof Error ? error.message : String(error), exitCode: exitCodes.failure};
}

/**
 * A command's failure: one line on stderr and the exit code; with `json`, stdout also gets the one JSON document
 * a script reads, `{"error": {"code", "message"}}`.
 */
export function reportFailure(error: unknown, options: {readonly json?: boolean} = {}): string {
	const {code, message, exitCode} = describeFailure(error);
	process.stderr.write(`md-vector: ${message}\n`);
	if (options.json) {
		process.stdout.write(`${JSON.stringify({error: {code, message}})}\n`);
	}

	process.exitCode = exitCode;
	return message;
}
