/** An error the engine expects and the API reports: a stable code, an HTTP status, a message for a person. */
export class EngineError extends Error {
	constructor(readonly code: string, readonly status: number, message: string) {
		super(message);
		this.name = 'EngineError';
	}
}

export const notFound = (message: string) => new EngineError('not_found', 404, message);
export const invalidInput = (message: string) => new EngineError('invalid_input', 400, message);
export const conflict = (message: string) => new EngineError('fingerprint_mismatch', 409, message);
export const unavailable = (message: string) => new EngineError('embedder_unavailable', 503, message);
