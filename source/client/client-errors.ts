// Recognised by a mark, not by class identity: the bundled command (tools/bundle-cli.ts) has a copy of this module
// in the one-shot file and in each chunk loaded later (config, capabilities, the TUI), and an error made by one
// copy is reported by another. `instanceof` checks the mark.
const mark = Symbol.for('md-vector.client-error');
const hasMark = (value: unknown, name: string) => typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[mark] === name;

/** The daemon answered with an error body: {"error": {"code", "message"}}. */
export class DaemonError extends Error {
	static [Symbol.hasInstance](value: unknown): boolean {
		return hasMark(value, 'DaemonError');
	}

	get [mark](): string {
		return 'DaemonError';
	}

	constructor(readonly status: number, readonly code: string, message: string) {
		super(message);
		this.name = 'DaemonError';
	}
}

/** No daemon answered (not running, wrong URL, refused). */
export class UnreachableError extends Error {
	static [Symbol.hasInstance](value: unknown): boolean {
		return hasMark(value, 'UnreachableError');
	}

	get [mark](): string {
		return 'UnreachableError';
	}

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
	static [Symbol.hasInstance](value: unknown): boolean {
		return hasMark(value, 'UsageError');
	}

	get [mark](): string {
		return 'UsageError';
	}

	constructor(message: string, readonly code = 'invalid_input', readonly suggestion?: Suggestion) {
		super(message);
		this.name = 'UsageError';
	}
}
