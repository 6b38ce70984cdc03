import {STATUS_CODES} from 'node:http';
import type {Socket} from 'node:net';

type ParserError = Error & {code?: string};

/** What a request Node's HTTP parser refused gets, by the parser's error code. */
function describe(error: ParserError): {status: number; code: string; message: string} {
	if (error.code === 'HPE_HEADER_OVERFLOW') {
		return {status: 431, code: 'headers_too_large', message: 'request headers are too large (at most 16 KB in all)'};
	}

	if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
		return {status: 408, code: 'request_timeout', message: 'the request was not received in time'};
	}

	return {status: 400, code: 'bad_request', message: `the request is not valid HTTP/1.1 (${error.code ?? 'parse error'}: ${error.message})`};
}

/**
 * The server's 'clientError' handler: a request the HTTP parser refuses (bad request line, headers too large,
 * timeout) gets the error shape, not Node's empty 400/431, then the connection closes.
 */
export function answerClientError(error: ParserError, socket: Socket): void {
	// As Node's own default: no answer on a reset connection, nor once a response in flight on it has begun.
	const inFlight = (socket as Socket & {_httpMessage?: {headersSent?: boolean}})._httpMessage;
	if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
		socket.destroy();
		return;
	}

	const {status, code, message} = describe(error);
	const body = JSON.stringify({error: {code, message}});
	socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
