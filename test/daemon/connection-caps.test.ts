// Issue 34 item 7: 20,000 sockets sending half a header every 5 s held every file descriptor of the daemon, and
// /health, search and ingest could not connect. Connections are capped per address group and in all; one that
// waits (its headers incomplete, or idle) makes room for a new one; when all are busy the new one is told why.
// In-process, with small limits.
import net from 'node:net';
import test from 'ava';
import {effectiveLimits, descriptorReserve} from '../../daemon/http/connection-caps.js';
import {listen} from '../../daemon/http/listen.js';
import {serveApp} from '../helpers/app.js';

async function until(condition: () => boolean): Promise<void> {
	while (!condition()) {
		await new Promise(resolve => {
			setImmediate(resolve);
		});
	}
}

/** A socket that sent part of a request and waits; resolves once the daemon has accepted it. */
async function holdSocket(port: number, from: string, sent: string): Promise<net.Socket> {
	return new Promise((resolve, reject) => {
		const socket = net.connect({port, host: '127.0.0.1', localAddress: from}, () => {
			socket.write(sent);
			resolve(socket);
		});
		socket.on('error', reject);
	});
}

/** Resolves when the socket is closed by the other side (or answered and closed): what it was sent. */
async function closedWith(socket: net.Socket): Promise<string> {
	return new Promise(resolve => {
		let text = '';
		socket.on('data', (part: Buffer) => {
			text += part.toString();
		});
		socket.on('close', () => {
			resolve(text);
		});
		socket.on('error', () => undefined);
	});
}

test('a connection that waits with half a header makes room: /health answers with every slot taken, from any loopback address', async t => {
	const app = await serveApp({connectionLimits: {total: 24, perAddress: 12}});
	t.teardown(async () => app.close());
	const waiting = await Promise.all(Array.from({length: 12}, async (_, index) => holdSocket(app.port, `127.0.${index}.9`, 'GET /api/v1/health HTTP/1.1\r\nX-Slow: ')));
	const closed = waiting.map(async socket => closedWith(socket));
	for (let index = 0; index < 3; index++) {
		const health = await app.request('GET', '/api/v1/health', {from: '127.0.9.5'});
		t.is(health.status, 200);
	}

	t.is(await Promise.any(closed), '', 'the one that waited longest was closed, without an answer');
	t.true(app.connections.counts.evicted >= 1, 'a waiting connection for each new one (the requests may share one)');
	t.true(app.connections.open <= 12);
	for (const socket of waiting) {
		socket.destroy();
	}
});

test('when every connection of an address group is busy, the next is refused with 429 naming the limit; closed ones give their place back', async t => {
	const app = await serveApp({connectionLimits: {total: 24, perAddress: 6}});
	t.teardown(async () => app.close());
	// Busy: headers complete, a body promised and never sent (the request is under way).
	const busy = await Promise.all(Array.from({length: 6}, async (_, index) => holdSocket(app.port, `127.0.0.${10 + index}`, 'POST /api/v1/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{')));
	await until(() => app.connections.inUse === 6);
	const refused = await closedWith(await holdSocket(app.port, '127.0.0.99', ''));
	t.regex(refused, /^HTTP\/1\.1 429 Too Many Requests/);
	t.regex(refused, /too many connections from loopback addresses: at most 6 at once \(MD_VECTOR_CONNECTIONS_PER_ADDRESS\)/);
	for (const socket of busy) {
		socket.destroy();
	}

	await until(() => app.connections.open === 0);
	t.is((await app.request('GET', '/api/v1/health')).status, 200, 'closed ones give their place back');
});

const halfHeader = 'GET /api/v1/health HTTP/1.1\r\nX-Slow: ';
const health = 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** Sends a whole request on an open connection and resolves with the answer's status line (or '' if it closed first). */
async function exchange(socket: net.Socket, request: string): Promise<string> {
	if (socket.closed) {
		return '';
	}

	return new Promise(resolve => {
		let text = '';
		const done = (answer: string) => {
			socket.off('data', read);
			socket.off('close', closed);
			resolve(answer);
		};

		const read = (part: Buffer) => {
			text += part.toString();
			const head = text.indexOf('\r\n\r\n');
			const length = /content-length: (\d+)/i.exec(text);
			if (head !== -1 && length && text.length >= head + 4 + Number(length[1])) {
				done(text.split('\r\n')[0]!);
			}
		};

		const closed = () => {
			done('');
		};

		socket.on('data', read);
		socket.once('close', closed);
		socket.on('error', () => undefined);
		socket.write(request);
	});
}

test('a reconnect storm of half headers closes those, not a new connection whose request the daemon has not read yet', async t => {
	const app = await serveApp({connectionLimits: {total: 24, perAddress: 6}});
	t.teardown(async () => app.close());
	const storm = await Promise.all(Array.from({length: 5}, async (_, index) => holdSocket(app.port, `127.0.1.${index}`, halfHeader)));
	await until(() => app.connections.halfSent === 5);
	// A client whose request the (loaded) daemon has not read yet: it looks like one that has sent nothing.
	const client = await holdSocket(app.port, '127.0.9.1', '');
	await until(() => app.connections.open === 6);
	for (let index = 0; index < 12; index++) {
		storm.push(await holdSocket(app.port, `127.0.2.${index}`, halfHeader));
		await until(() => app.connections.counts.evicted === index + 1 && app.connections.halfSent >= 5);
	}

	t.is(await exchange(client, health), 'HTTP/1.1 200 OK', 'the client was kept through 12 new connections, its group full');
	t.is(app.connections.counts.evicted, 12, 'each new one closed one that had sent half a header');
	for (const socket of [...storm, client]) {
		socket.destroy();
	}
});

test('a client idle between its requests is kept while a connection that never completed a request can go', async t => {
	const app = await serveApp({connectionLimits: {total: 24, perAddress: 4, graceMs: 0}});
	t.teardown(async () => app.close());
	const client = await holdSocket(app.port, '127.0.9.1', '');
	t.is(await exchange(client, health), 'HTTP/1.1 200 OK');
	await until(() => app.connections.inUse === 0);
	const silent = await Promise.all(Array.from({length: 3}, async (_, index) => holdSocket(app.port, `127.0.1.${index}`, '')));
	await until(() => app.connections.open === 4);
	const newcomer = await holdSocket(app.port, '127.0.2.1', '');
	await until(() => app.connections.counts.evicted === 1);
	t.is(await exchange(client, health), 'HTTP/1.1 200 OK', 'the client that had completed a request, though it waited longest, is still connected');
	t.is(await exchange(newcomer, health), 'HTTP/1.1 200 OK');
	for (const socket of [...silent, client, newcomer]) {
		socket.destroy();
	}
});

test('connections that opened within the grace period are not closed for a new one: it is refused, naming why', async t => {
	const app = await serveApp({connectionLimits: {total: 24, perAddress: 4, graceMs: 600_000}});
	t.teardown(async () => app.close());
	const silent = await Promise.all(Array.from({length: 4}, async (_, index) => holdSocket(app.port, `127.0.1.${index}`, '')));
	await until(() => app.connections.open === 4);
	const refused = await closedWith(await holdSocket(app.port, '127.0.2.1', ''));
	t.regex(refused, /^HTTP\/1\.1 429 Too Many Requests[\s\S]*at most 4 at once \(MD_VECTOR_CONNECTIONS_PER_ADDRESS\), all of them busy or just opened/);
	t.is(app.connections.counts.evicted, 0);
	for (const socket of silent) {
		socket.destroy();
	}
});

test('closing the server closes connections trickling half a header (Node stops timing headers once it closes)', async t => {
	const server = await listen((_request, response) => {
		response.end('ok');
	}, 0, '127.0.0.1');
	const {port} = server.address() as net.AddressInfo;
	const slow = await holdSocket(port, '127.0.0.1', halfHeader);
	const trickle = setInterval(() => slow.write('a'), 20);
	t.teardown(() => {
		clearInterval(trickle);
		slow.destroy();
	});
	await until(() => server.connections.halfSent === 1);
	const closedSocket = closedWith(slow);
	await new Promise<void>(resolve => {
		server.close(() => {
			resolve();
		});
	});
	t.is(await closedSocket, '', 'closed without an answer');
	t.is(server.connections.open, 0);
});

test('the connection limit stays below the descriptor limit, with a fifth of it (at least 128) in reserve', t => {
	t.deepEqual(effectiveLimits({total: 1024, perAddress: 512}, 20_000), {total: 1024, perAddress: 512, lowered: false});
	t.deepEqual(effectiveLimits({total: 1024, perAddress: 512}, 1024), {total: 1024 - 204, perAddress: 512, lowered: true});
	t.deepEqual(effectiveLimits({total: 5000, perAddress: 5000}, 4096), {total: 4096 - descriptorReserve(4096), perAddress: 4096 - descriptorReserve(4096), lowered: true});
	t.is(descriptorReserve(256), 128);
});
