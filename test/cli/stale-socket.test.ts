// A kept-alive connection the server closed while this process was too busy to notice: the next request goes out
// on a dead socket. The command's transport sends it once more on a new connection, so a busy client does not
// take a running daemon for gone (the health probe did, and removed the daemon's discovery record).
import {execa} from 'execa';
import test from 'ava';
import {httpRequest} from '../../source/client/http-request.js';

const server = String.raw`
const http = require('node:http');
const s = http.createServer((request, response) => response.end('ok'));
s.keepAliveTimeout = 2000; // below 2 s Node's client drops the socket itself (it reads the server's Keep-Alive hint)
s.listen(0, '127.0.0.1', () => console.log(s.address().port));`;

test('a request on a keep-alive socket the server closed meanwhile is sent again on a new connection', async t => {
	const child = execa(process.execPath, ['-e', server]);
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
	// Busy past the keep-alive timeout: the server closes the idle connection, and this process cannot see it go.
	const until = Date.now() + 3500;
	while (Date.now() < until) {
		// Spinning, as a client chunking a folder does.
	}

	const again = await get();
	t.is(again.status, 200);
	t.is(await again.text(), 'ok');
});
