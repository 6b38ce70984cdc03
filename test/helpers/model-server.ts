// A real HTTP server standing in for Maven Central and the hub in the model installer's tests: each request is
// answered the way the test's current `answer` says (the real jar, another file of the same size, a body cut
// short, one that stalls, one too large).
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo, Socket} from 'node:net';

export type Answer = (request: IncomingMessage, response: ServerResponse) => void;

export type ModelServer = {
	readonly url: string;
	/** How the next requests are answered. */
	answer: Answer;
	/** Paths asked for, in order. */
	readonly asked: string[];
	close(): Promise<void>;
};

export async function modelServer(answer: Answer): Promise<ModelServer> {
	const sockets = new Set<Socket>();
	const self: Omit<ModelServer, 'url' | 'close'> = {answer, asked: []};
	const server = createServer((request, response) => {
		self.asked.push(request.url ?? '');
		self.answer(request, response);
	});
	server.on('connection', socket => {
		sockets.add(socket);
		socket.on('close', () => {
			sockets.delete(socket);
		});
	});
	await new Promise<void>(resolve => {
		server.listen(0, '127.0.0.1', resolve);
	});
	return Object.assign(self, {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		async close() {
			for (const socket of sockets) {
				socket.destroy(); // a stalled answer never ends by itself
			}

			await new Promise<void>(resolve => {
				server.close(() => {
					resolve();
				});
			});
		},
	});
}

/** Sends `size` bytes of `fill` (in 64 KB writes), with a Content-Length of `announced` (none when null). */
export function junk(size: number, announced: number | null = size, fill = 0x78): Answer {
	return (_request, response) => {
		response.writeHead(200, announced === null ? {} : {'content-length': String(announced)});
		const block = Buffer.alloc(64 * 1024, fill);
		let sent = 0;
		const more = () => {
			while (sent < size) {
				const piece = block.subarray(0, Math.min(block.length, size - sent));
				sent += piece.length;
				if (!response.write(piece)) {
					response.once('drain', more);
					return;
				}
			}

			response.end();
		};

		more();
	};
}
