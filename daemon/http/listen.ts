import {createServer, type RequestListener, type Server} from 'node:http';
import {answerClientError} from './client-error.js';
import {ConnectionCaps, defaultConnectionLimits, effectiveLimits, type ConnectionLimits} from './connection-caps.js';

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
 * Connections are capped per address group and in all, below the descriptor limit (connection-caps.ts); close()
 * also closes those without a request under way, as a half-sent header would otherwise hold it open for ever.
 */
export async function listen(app: RequestListener, port: number, host: string, limits: ConnectionLimits = defaultConnectionLimits): Promise<Server & {connections: ConnectionCaps}> {
	// Slow headers are timed out within a couple of seconds of their limit (Node checks every 30 s by default).
	const server = createServer({connectionsCheckingInterval: 2000}, app);
	const connections = new ConnectionCaps(effectiveLimits(limits));
	connections.attach(server);
	server.on('clientError', answerClientError);
	const close = server.close.bind(server);
	server.close = (callback?: (error?: Error) => void) => {
		connections.closeWaiting();
		return close(callback);
	};

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
	return Object.assign(server, {connections});
}
