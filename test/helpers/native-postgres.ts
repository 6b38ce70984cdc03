import {execFileSync} from 'node:child_process';
import {chownSync, existsSync, mkdtempSync} from 'node:fs';
import {createServer} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {poll} from '../../source/client/poll.js';

const bin = '/usr/lib/postgresql/15/bin';

/** Whether a native PostgreSQL 15 (Debian's `postgresql-15`) is installed to start. */
export const nativePostgresInstalled = existsSync(path.join(bin, 'initdb'));

async function freePort(): Promise<number> {
	return new Promise(resolve => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const {port} = server.address() as {port: number};
			server.close(() => {
				resolve(port);
			});
		});
	});
}

/**
 * A native PostgreSQL server in a temporary folder on a free loopback port (as the `postgres` user when run as
 * root: the server refuses root), for what PGlite cannot show: PGlite serves every connection from one session,
 * so session advisory locks do not keep connections apart there. Without pgvector: for tests of locks only.
 */
export async function startNativePostgres(): Promise<{url: string; stop: () => Promise<void>}> {
	const data = mkdtempSync(path.join(os.tmpdir(), 'md-vector-native-pg-'));
	const asRoot = process.getuid?.() === 0;
	if (asRoot) {
		chownSync(data, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
	}

	// Run as root, each program goes through runuser (the server refuses root); pg_ctl starts and stops the server.
	const run = (program: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]);
	const [initdb, initdbArgs] = run(path.join(bin, 'initdb'), ['-D', data, '--auth=trust', '-U', 'postgres']);
	execFileSync(initdb, initdbArgs, {stdio: 'ignore'});
	const port = await freePort();
	const [pgCtl, startArgs] = run(path.join(bin, 'pg_ctl'), ['start', '-w', '-D', data, '-l', path.join(data, 'server.log'), '-o', `-p ${port} -k ${data} -c listen_addresses=127.0.0.1`]);
	execFileSync(pgCtl, startArgs, {stdio: 'ignore'});
	const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
	const ready = await poll(async () => {
		const client = new pg.Client(url);
		try {
			await client.connect();
			await client.end();
			return true;
		} catch {
			return undefined;
		}
	}, 30_000);
	const stop = async () => {
		const [pgCtl, stopArgs] = run(path.join(bin, 'pg_ctl'), ['stop', '-w', '-m', 'fast', '-D', data]);
		execFileSync(pgCtl, stopArgs, {stdio: 'ignore'});
	};

	if (!ready) {
		await stop();
		throw new Error('the native PostgreSQL did not start within 30 s');
	}

	return {url, stop};
}
