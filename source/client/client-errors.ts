/** The daemon answered with an error body: {"error": {"code", "message"}}. */
export class DaemonError extends Error {
	constructor(readonly status: number, readonly code: string, message: string) {
		super(message);
		this.name = 'DaemonError';
	}
}

/** No daemon answered (not running, wrong URL, refused). */
export class UnreachableError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UnreachableError';
	}
}

/** Input refused before anything was sent: exit code 2, like a usage error. */
export class UsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UsageError';
	}
}
