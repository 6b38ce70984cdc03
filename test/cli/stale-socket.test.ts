// A kept-alive connection the server closed while this process was too busy to notice: the next request goes out
// on a dead socket. The command's transport sends it once more on a new connection, so a busy client does not
// take a running daemon for gone (the health probe did, and removed the daemon's discovery record).
import {existsSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import test from 'ava';
import {httpRequest} from '../../source/client/http-request.js';
import {temporaryDirectory} from '../helpers/paths.js';

// The server says when it has closed a connection (a file appears), which the busy client can see without its event loop.
const server = String.raw`
const http = require('node:http');
const fs = require('node:fs');
const s = http.createServer((request, response) => response.end('ok'));
s.keepAliveTimeout = 2000; // below 2 s Node's client drops the socket itself (it reads the server's Keep-Alive hint)
s.on('connection', socket => socket.on('close', () => fs.writeFileSync(process.argv[1], 'closed')));
s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

test('a request on a keep-alive socket the server closed meanwhile is sent again on a new connection', async t => {
	const marker = path.join(temporaryDirectory('md-vector-stale-socket-'), 'closed');
	const child = execa(process.execPath, ['-e', server, marker]);
	t.teardown(async () => {
		child.kill();
		await child.catch(() => undefined); // killed: its rejection is expected
	});
	const port = await new Promise<string>(resolve => {
		child.stdout.once('data', (data: Buffer) => {
			resolve(data.toString().trim());
		});
	});
	const get = async () => httpRequest(`http://127.0.0.1:${port}/`, {method: 'GET', headers: {}});
	t.is(await (await get()).text(), 'ok');
	// Busy, as a client chunking a folder is, until the server has closed the idle connection: this process cannot
	// see it go. Polled synchronously (bounded), so the event loop never runs meanwhile.
	const until = Date.now() + 30_000;
	while (!existsSync(marker) && Date.now() < until) {
		// Spinning.
	}

	t.true(existsSync(marker), 'the server closed the idle connection');
	const again = await get();
	t.is(again.status, 200);
	t.is(await again.text(), 'ok');
});
