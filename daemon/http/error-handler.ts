import type {ErrorRequestHandler, RequestHandler} from 'express';
import {DomainError, RetryLater} from '../use-cases/errors.js';
import {HttpError} from './http-error.js';

type BodyParserError = Error & {type?: string; status?: number; expose?: boolean};

/** The one error handler: every non-2xx body is {"error": {"code", "message"}}, never a stack trace. */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
	return (error: unknown, _request, response, _next) => {
		const {status, code, message, headers} = describe(error);
		if (status >= 500) {
			log(`error: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
		}

		response.status(status).set(headers).json({error: {code, message}});
	};
}

export const notFoundHandler: RequestHandler = request => {
	throw new HttpError(404, 'not_found', `no route for ${request.method} ${request.path}`);
};

function describe(error: unknown): {status: number; code: string; message: string; headers: Record<string, string>} {
	if (error instanceof HttpError) {
		return {status: error.status, code: error.code, message: error.message, headers: error.headers};
	}

	if (error instanceof DomainError) {
		return {status: error.status, code: error.code, message: error.message, headers: error instanceof RetryLater ? {'Retry-After': String(error.retryAfterSeconds)} : {}};
	}

	if (error instanceof URIError) { // the router's decoding of a path parameter; percent-encoding.ts names the parameter first
		return {status: 400, code: 'invalid_input', message: `a path parameter is not valid percent-encoding: ${error.message}`, headers: {}};
	}

	const parser = error as BodyParserError;
	if (parser?.type === 'entity.too.large') {
		return {status: 413, code: 'payload_too_large', message: 'request body is too large (the limit is 1 MB; content may be at most 500 KB)', headers: {}};
	}

	if (parser?.type === 'entity.parse.failed') {
		return {status: 400, code: 'malformed_json', message: `request body is not valid JSON: ${parser.message}`, headers: {}};
	}

	if (parser?.expose && typeof parser.status === 'number' && parser.status >= 400 && parser.status < 500) {
		return {status: parser.status, code: 'bad_request', message: parser.message, headers: {}};
	}

	return {status: 500, code: 'internal_error', message: 'internal error; the daemon log has the details', headers: {}};
}
