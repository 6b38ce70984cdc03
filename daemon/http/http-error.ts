/** An error with its HTTP answer: `{"error": {"code", "message"}}`. */
export class HttpError extends Error {
	constructor(readonly status: number, readonly code: string, message: string, readonly headers: Record<string, string> = {}) {
		super(message);
		this.name = 'HttpError';
	}
}

/**
 * 401: the credential is missing or proves nothing. `resourceMetadata`: where an endpoint that offers OAuth
 * sign-in (MCP) describes itself (RFC 9728): an assistant's host reads it from WWW-Authenticate and signs in.
 */
export const unauthorized = (message: string, resourceMetadata?: string) => new HttpError(401, 'unauthorized', message, {
	'WWW-Authenticate': resourceMetadata ? `Bearer resource_metadata="${resourceMetadata}"` : 'Bearer',
});
