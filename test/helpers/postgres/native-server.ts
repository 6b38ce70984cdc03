// A native PostgreSQL 18 + pgvector server (pgserver-install.ts) in a temporary folder, on a free loopback port,
// with password (scram-sha-256) authentication and its unix socket in a private folder. PostgreSQL refuses to
// run as root: run as root, the server runs as `nobody`, on a copy of the install it can read (a checkout may
// be in a folder only root may enter). stop() (or the process's exit) stops it and deletes the folder.
import {execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {binInInstall, ensurePgserver} from './pgserver-install.js';

export type NativeServer = {
	/** postgres://postgres:PASSWORD@127.0.0.1:PORT/postgres: the superuser, on the server's first database. */
	readonly url: string;
	/** Server settings as given (PostgreSQL's defaults for the rest). */
	readonly settings: Readonly<Record<string, string>>;
	stop(): Promise<void>;
};

/** The user the server runs as when this process is root. */
const unprivileged = {uid: 65_534, gid: 65_534};

async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const {port} = server.address() as {port: number};
			server.close(() => {
				resolve(port);
			});
		});
	});
}

/**
 * Starts a server. `settings` are passed as `-c name=value` (e.g. shared_buffers for a benchmark); tests add
 * what makes a throwaway server quick (no fsync).
 */
export async function startNativeServer(settings: Record<string, string> = {}): Promise<NativeServer> {
	const install = await ensurePgserver();
	const asRoot = process.getuid?.() === 0;
	const folder = mkdtempSync(path.join(os.tmpdir(), 'md-vector-postgres-'));
	const run = path.join(folder, 'run'); // the server's own: data folder, socket, log (mode 0700)
	const data = path.join(run, 'data');
	let bin = path.join(install, binInInstall);
	const as = (program: string, args: string[]): [string, string[]] => asRoot
		? ['setpriv', [`--reuid=${unprivileged.uid}`, `--regid=${unprivileged.gid}`, '--clear-groups', '--', program, ...args]]
		: [program, args];
	const exec = (program: string, args: string[]) => {
		const [command, commandArgs] = as(path.join(bin, program), args);
		execFileSync(command, commandArgs, {cwd: run, stdio: 'pipe', env: {...process.env, LC_ALL: 'C'}});
	};

	let started = false;
	const stopNow = (mode: 'fast' | 'immediate') => {
		process.off('exit', onExit);
		try {
			if (started) {
				exec('pg_ctl', ['stop', '-w', '-m', mode, '-D', data]);
			}
		} finally {
			started = false;
			rmSync(folder, {recursive: true, force: true});
		}
	};

	function onExit() {
		try {
			stopNow('immediate');
		} catch {
			// Exiting anyway: the folder is gone; a server that did not stop has lost its files.
		}
	}

	process.on('exit', onExit);
	try {
		mkdirSync(run, {mode: 0o700});
		if (asRoot) {
			chmodSync(folder, 0o711);
			cpSync(install, path.join(folder, 'install'), {recursive: true});
			bin = path.join(folder, 'install', binInInstall);
			chownSync(run, unprivileged.uid, unprivileged.gid);
		}

		const password = randomBytes(18).toString('base64url');
		const passwordFile = path.join(run, 'password');
		writeFileSync(passwordFile, `${password}\n`, {mode: 0o600});
		if (asRoot) {
			chownSync(passwordFile, unprivileged.uid, unprivileged.gid);
		}

		exec('initdb', ['-D', data, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${passwordFile}`, '--encoding=utf8', '--locale=C', '--no-sync']);
		rmSync(passwordFile);
		for (let attempt = 1; ; attempt++) {
			const port = await freePort();
			const options = {port: String(port), listen_addresses: '127.0.0.1', unix_socket_directories: run, ...settings};
			try {
				exec('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', path.join(run, 'server.log'), '-o', Object.entries(options).map(([name, value]) => `-c ${name}=${value}`).join(' ')]);
				started = true;
				return {
					url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
					settings,
					async stop() {
						stopNow('fast');
					},
				};
			} catch (error) {
				// Another process may have taken the port between our look and the server's bind: try another.
				if (attempt >= 5) {
					throw new Error(`the test PostgreSQL did not start: ${(error as Error).message}\n${serverLog(run)}`, {cause: error});
				}
			}
		}
	} catch (error) {
		stopNow('immediate');
		throw error;
	}
}

function serverLog(run: string): string {
	try {
		return readFileSync(path.join(run, 'server.log'), 'utf8').slice(-2000);
	} catch {
		return '(no server log)';
	}
}
