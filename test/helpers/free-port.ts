import {createServer, type AddressInfo} from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for a server the test starts itself: Ollama, PostgreSQL, a daemon's -p). */
export async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	await new Promise(resolve => server.close(resolve));
	return port;
}
