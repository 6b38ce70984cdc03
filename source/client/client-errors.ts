/** The daemon answered with an error body: {"error": {"code", "message"}}. */
export class DaemonError extends Error {
	constructor(readonly status: number, readonly code: string, message: string) {
		super(message);
		this.name = 'DaemonError';
	}
}

/** No daemon answered (not running, wrong URL, refused). */
export class UnreachableError extends Error {
	get code(): string {
		return 'daemon_unreachable';
	}

	constructor(message: string) {
		super(message);
		this.name = 'UnreachableError';
	}
}

/** Where a UsageError's message takes " (did you mean X?)", filled in when the error is reported. */
export const suggestionMark = '{did-you-mean}';

/** A mistyped word and what it may have meant. */
export type Suggestion = {readonly word: string; readonly candidates: readonly string[]};

/** The command line or input refused before anything was sent: exit code 2. `code` names the kind for --json. */
export class UsageError extends Error {
	constructor(message: string, readonly code = 'invalid_input', readonly suggestion?: Suggestion) {
		super(message);
		this.name = 'UsageError';
	}
}
