/** An error the engine expects and the API reports: a stable code, an HTTP status, a message for a person. */
export class EngineError extends Error {
	constructor(readonly code: string, readonly status: number, message: string) {
		super(message);
		this.name = 'EngineError';
	}
}

/** Refused for now, not for good: the same request may succeed after `retryAfterSeconds` (HTTP: Retry-After). */
export class RetryLater extends EngineError {
	constructor(code: string, status: number, message: string, readonly retryAfterSeconds: number) {
		super(code, status, message);
		this.name = 'RetryLater';
	}
}

/** A new job asked of a daemon that is stopping (directory ingestion, update, model install): 503, try again soon. */
export const stoppingRefusal = () => new RetryLater('stopping', 503, 'the daemon is stopping (md-vector stop): it takes no new jobs; run the command again once it has stopped, and a new daemon starts', 5);

export const notFound = (message: string) => new EngineError('not_found', 404, message);
export const invalidInput = (message: string) => new EngineError('invalid_input', 400, message);
export const conflict = (message: string) => new EngineError('fingerprint_mismatch', 409, message);
/** The collection's vectors are now another model's (a switch completed): a query embedded for the old one is not ranked against them. */
export const modelSwitched = (message: string) => new EngineError('model_switched', 409, message);
/** The collection is no longer switching to that model (cancelled, replaced, or the collection went). */
export const switchGone = (message: string) => new EngineError('switch_gone', 409, message);
export const unavailable = (message: string) => new EngineError('embedder_unavailable', 503, message);

/**
 * A write the data folder refused (full disk, read-only) as 507 with what happened; any other error unchanged.
 * SQLite rolls the transaction back, so nothing of the refused write is stored.
 */
export function storageFailure(error: unknown): unknown {
	const code = (error as {code?: unknown} | undefined)?.code;
	if (typeof code !== 'string') {
		return error;
	}

	if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') {
		return new EngineError('disk_full', 507, `the disk of the data folder is full (${(error as Error).message}): nothing of this write was stored; free some space and try again`);
	}

	if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') {
		return new EngineError('data_read_only', 507, `the data folder is read-only (${(error as Error).message}): nothing of this write was stored`);
	}

	return error;
}
