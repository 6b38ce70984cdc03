import {spawn} from 'node:child_process';
import {z} from 'zod';
import {option} from 'pastel';
import {daemonArguments, daemonEnvironment} from '../client/daemon-process.js';
import {UsageError} from '../client/client-errors.js';
import {useRun} from '../ui/use-run.js';

export const description = `Run the daemon in the foreground (logs on stderr; Ctrl-C stops it cleanly). Other commands start it in the background on their own.

Example:
  md-vector serve -p 7821`;

export const options = z.object({
	port: z.string().default('7821').describe(option({description: 'Port to listen on (0: any free port)', alias: 'p', valueDescription: 'port'})),
	host: z.string().default('127.0.0.1').describe(option({description: 'Address to listen on (anything but loopback needs MD_VECTOR_API_KEY)', valueDescription: 'address'})),
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

const reasons: Record<number, string> = {
	3: 'another daemon is already using this data folder: stop it with `md-vector stop`, or set MD_VECTOR_HOME',
	4: 'the port is taken (by another program, or another md-vector daemon): choose another with -p, or -p 0 for any free port',
};

/** The daemon is its own process (the CLI never loads the engine), tied to this one; this one forwards Ctrl-C and its exit code. */
export default function Serve({options}: Props) {
	useRun<void>(async () => {
		const port = Number(options.port);
		if (!Number.isInteger(port) || port < 0 || port > 65_535) {
			throw new UsageError(`-p must be a port number from 0 to 65535, got '${options.port}'`);
		}

		// The IPC channel ties the daemon to this process: when it closes (this process exits, even by SIGKILL), the daemon stops.
		const child = spawn(process.execPath, daemonArguments(['--port', String(port), '--host', options.host, '--attached']), {stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: daemonEnvironment(process.env)});
		// Ctrl-C reaches both processes; this one waits for the daemon to drain and exit.
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
	});
	return null;
}
