import type {RequestHandler} from 'express';
import {HttpError} from './http-error.js';

/**
 * 413 from the declared Content-Length, before a byte of the body is read (the JSON parser would first read
 * and discard the whole body, holding the connection for as long as the client sends), and the connection
 * closes after it (Node would otherwise read the rest to reuse it). Bodies without a length are counted as
 * they are read, by the parser or the import's line reader.
 */
export function bodyLimit(limitBytes: number, what: string): RequestHandler {
	return (request, _response, next) => {
		const declared = Number(request.headers['content-length']);
		if (declared > limitBytes) {
			throw new HttpError(413, 'payload_too_large', `request body is too large: ${declared} bytes declared, ${what}`, {Connection: 'close'});
		}

		next();
	};
}
