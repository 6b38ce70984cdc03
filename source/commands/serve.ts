import {spawn} from 'node:child_process';
import {daemonArguments, daemonEnvironment} from '../client/daemon-process.js';
import {configuredPort} from '../client/configured-port.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';

const reasons: Record<number, string> = {
	3: 'another daemon is already using this data folder: stop it with `md-vector stop`, or set MD_VECTOR_HOME',
	4: 'the port is taken (by another program, or another md-vector daemon): choose another with -p, or -p 0 for any free port',
};

/**
 * The daemon is its own process (the CLI never loads the engine), tied to this one by an IPC channel: when it
 * closes (this process exits, even by SIGKILL), the daemon stops. This one forwards signals and its exit code.
 */
export async function run(invocation: Invocation, _io: Io): Promise<unknown> {
	const port = (invocation.options.port as string | undefined) ?? String(await configuredPort(process.env));
	const databaseUrl = invocation.options['database-url'] as string | undefined;
	// The option wins over the environment and the setting: the daemon reads it as MD_VECTOR_DATABASE_URL.
	const env = databaseUrl ? {...process.env, MD_VECTOR_DATABASE_URL: databaseUrl} : process.env;
	const child = spawn(process.execPath, daemonArguments(['--port', port, '--host', stringOption(invocation, 'host'), '--attached']), {stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: daemonEnvironment(env)});
	// Ctrl-C reaches both processes (the daemon then cancels jobs); SIGTERM is passed on (it lets jobs finish).
	const forward = (signal: NodeJS.Signals) => child.kill(signal);
	process.on('SIGINT', forward);
	process.on('SIGTERM', forward);
	const code = await new Promise<number>(resolve => {
		child.once('exit', (exitCode, signal) => {
			resolve(exitCode ?? (signal ? 1 : 0));
		});
	});
	process.off('SIGINT', forward);
	process.off('SIGTERM', forward);
	if (code !== 0) {
		throw new Error(`the daemon stopped with exit code ${code}${reasons[code] ? `: ${reasons[code]}` : ''}`);
	}

	return undefined;
}
