import {spawn} from 'node:child_process';
import {closeSync, mkdirSync, openSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {daemonArguments, daemonEnvironment} from './daemon-process.js';

export type SpawnOutcome
	= | {readonly status: 'ready'; readonly port: number; readonly pid: number}
	/** Another daemon holds the data folder (it is starting or running). */
		| {readonly status: 'locked'}
		| {readonly status: 'port-in-use'};

/** How long a daemon may take to open its store and bind before the client gives up. */
const startTimeoutMs = 60_000;

/**
 * Starts the daemon in the background (detached, logging to state/daemon.log) and resolves when it says it
 * is listening over the IPC channel: no fixed sleep, no polling.
 */
export async function spawnDaemon(stateDir: string, port: number, env: NodeJS.ProcessEnv): Promise<SpawnOutcome> {
	mkdirSync(stateDir, {recursive: true});
	const logFile = path.join(stateDir, 'daemon.log');
	const log = openSync(logFile, 'a');
	const child = spawn(process.execPath, daemonArguments(['--port', String(port)]), {detached: true, stdio: ['ignore', log, log, 'ipc'], env: daemonEnvironment(env)});
	closeSync(log);
	try {
		return await new Promise<SpawnOutcome>((resolve, reject) => {
			const timer = setTimeout(() => {
				reject(new Error(`the daemon did not start within ${startTimeoutMs / 1000} s; see ${logFile}`));
			}, startTimeoutMs);
			child.once('message', (message: {type?: string; port?: number}) => {
				clearTimeout(timer);
				if (message.type === 'ready' && typeof message.port === 'number') {
					resolve({status: 'ready', port: message.port, pid: child.pid!});
				} else {
					reject(new Error(`the daemon sent an unexpected message; see ${logFile}`));
				}
			});
			child.once('exit', code => {
				clearTimeout(timer);
				if (code === 3) {
					resolve({status: 'locked'});
				} else if (code === 4) {
					resolve({status: 'port-in-use'});
				} else {
					reject(new Error(`the daemon exited (code ${code}) while starting: ${lastLine(logFile)}`));
				}
			});
			child.once('error', reject);
		});
	} finally {
		child.removeAllListeners();
		if (child.connected) {
			child.disconnect();
		}

		child.unref();
	}
}

function lastLine(file: string): string {
	const lines = readFileSync(file, 'utf8').trim().split('\n');
	return (lines.at(-1) ?? '').replace(/^md-vector: /, '');
}
