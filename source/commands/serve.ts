import {spawn} from 'node:child_process';
import {daemonArguments, daemonEnvironment} from '../client/daemon-process.js';
import {configuredPort} from '../client/configured-port.js';
import {exitCodes} from '../cli/exit-codes.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';

/**
 * The daemon is its own process (the CLI never loads the engine), tied to this one by an IPC channel: when it
 * closes (this process exits, even by SIGKILL), the daemon stops. It runs in a process group of its own, so a
 * Ctrl-C reaches it once, forwarded from here: the first cancels running jobs and stops, the second exits at once
 * (then this exits 130). SIGTERM is passed on (it lets jobs finish). The daemon says why it could not start (a
 * data folder in use, a port taken), with the fix; this adds nothing to it.
 */
export async function run(invocation: Invocation, _io: Io): Promise<unknown> {
	const port = (invocation.options.port as string | undefined) ?? String(await configuredPort(process.env));
	const databaseUrl = invocation.options['database-url'] as string | undefined;
	// The option wins over the environment and the setting: the daemon reads it as MD_VECTOR_DATABASE_URL.
	const env = databaseUrl ? {...process.env, MD_VECTOR_DATABASE_URL: databaseUrl} : process.env;
	const child = spawn(process.execPath, daemonArguments(['--port', port, '--host', stringOption(invocation, 'host'), '--attached']), {
		stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: daemonEnvironment(env), detached: true,
	});
	let interrupts = 0;
	const forward = (signal: NodeJS.Signals) => {
		interrupts += signal === 'SIGINT' ? 1 : 0;
		child.kill(signal);
	};

	process.on('SIGINT', forward);
	process.on('SIGTERM', forward);
	const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(resolve => {
		child.once('exit', (exitCode, exitSignal) => {
			resolve([exitCode, exitSignal]);
		});
	});
	process.off('SIGINT', forward);
	process.off('SIGTERM', forward);
	if (interrupts > 1) {
		process.exitCode = exitCodes.cancelled; // stopped at once by a second Ctrl-C, as asked
	} else if (signal) {
		throw new Error(`the daemon was ended by ${signal}`);
	} else if (code !== 0) {
		process.exitCode = exitCodes.failure; // it said why on stderr
	}

	return undefined;
}
