import {createServer, type RequestListener, type Server} from 'node:http';
import {answerClientError} from './client-error.js';

/** A listen failure with what the user can do about it; `code` stays Node's (EADDRINUSE, EACCES...). */
function explained(error: NodeJS.ErrnoException, port: number, host: string): NodeJS.ErrnoException {
	const reasons: Record<string, string> = {
		EADDRINUSE: `port ${port} on ${host} is already in use (by another program, or another md-vector daemon): choose another port`,
		EACCES: `not allowed to listen on port ${port} of ${host} (ports below 1024 need privileges): choose another port`,
		EADDRNOTAVAIL: `${host} is not an address of this machine: choose one of its addresses, or 127.0.0.1`,
	};
	const reason = error.code === undefined ? undefined : reasons[error.code];
	return reason ? Object.assign(new Error(reason, {cause: error}), {code: error.code}) : error;
}

/**
 * Binds the app and resolves once it listens; rejects when it cannot (Express 5's app.listen() hands a listen
 * error to its callback, which then looked like success). Requests the HTTP parser refuses get the error shape.
 */
export async function listen(app: RequestListener, port: number, host: string): Promise<Server> {
	const server = createServer(app);
	server.on('clientError', answerClientError);
	await new Promise<void>((resolve, reject) => {
		const failed = (error: NodeJS.ErrnoException) => {
			reject(explained(error, port, host));
		};

		server.once('error', failed);
		server.listen(port, host, () => {
			server.off('error', failed);
			resolve();
		});
	});
	return server;
}
