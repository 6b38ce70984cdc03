/** The daemon answered with an error body: {"error": {"code", "message"}}. */
export class DaemonError extends Error {
	constructor(readonly status: number, readonly code: string, message: string) {
		super(message);
		this.name = 'DaemonError';
	}
}

/** No daemon answered (not running, wrong URL, refused). */
export class UnreachableError extends Error {
	readonly code = 'daemon_unreachable';

	constructor(message: string) {
		super(message);
		this.name = 'UnreachableError';
	}
}

/** The command line or input refused before anything was sent: exit code 2. `code` names the kind for --json. */
export class UsageError extends Error {
	constructor(message: string, readonly code = 'invalid_input') {
		super(message);
		this.name = 'UsageError';
	}
}
