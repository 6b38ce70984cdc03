/** An error with its HTTP answer: `{"error": {"code", "message"}}`. */
export class HttpError extends Error {
	constructor(readonly status: number, readonly code: string, message: string, readonly headers: Record<string, string> = {}) {
		super(message);
		this.name = 'HttpError';
	}
}

/** 401: the credential is missing or proves nothing. */
export const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message, {'WWW-Authenticate': 'Bearer'});
