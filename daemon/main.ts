#!/usr/bin/env node
// The daemon's entry: `node dist/daemon/main.js [--port N] [--host H] [--attached]`. Runs in the foreground.
import {parseArgs} from 'node:util';

// faiss reads OpenMP settings once, when it loads: passive waiting avoids 10-40x slow single queries.
process.env.OMP_WAIT_POLICY ??= 'PASSIVE';

const {values} = parseArgs({options: {
	port: {type: 'string', short: 'p', default: '7821'},
	host: {type: 'string', default: '127.0.0.1'},
	// Started by `md-vector serve` with an IPC channel: stop when it closes (serve exited, even by SIGKILL).
	attached: {type: 'boolean', default: false},
}});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
	console.error(`md-vector: --port must be a whole number from 0 to 65535, got '${values.port}'`);
	process.exit(2);
}

const log = (line: string) => {
	console.error(`[${new Date().toISOString()}] ${line}`);
};

let stop: ((now: boolean) => Promise<void>) | undefined;
/** Takes the daemon's discovery record and data-folder lock away: what a stop does last, done first by an exit at once. */
let abandon: (() => void) | undefined;
let stopping = false;
let cancelJobs = false;
/**
 * Drains and exits; runs once. SIGTERM (`md-vector stop`) lets running jobs finish; SIGINT (Ctrl-C, `md-vector
 * stop --now`) and a gone `serve` cancel them. A SIGINT after a SIGTERM cancels them; a second SIGINT exits at
 * once (exitNow).
 */
const shutdown = (reason?: string, now = true) => {
	if (stopping) {
		if (now && !cancelJobs) {
			cancelJobs = true;
			void stop?.(true); // the drain under way goes on; its running jobs are cancelled now
		}

		return;
	}

	stopping = true;
	cancelJobs = now;
	if (reason) {
		log(reason);
	}

	if (!stop) {
		return; // still starting: stops as soon as it has started
	}

	void stop(cancelJobs).then(() => process.exit(0), (error: unknown) => {
		log(`error while stopping: ${String(error)}`);
		process.exit(1);
	});
};

/**
 * A second Ctrl-C: no more waiting. The record and lock go first, then the process ends by SIGKILL, as a crash
 * would: every acknowledged write is already committed (the store is crash-safe, and a file whose write was under
 * way is stored whole or not at all), and ending so never aborts ONNX Runtime halfway through a model run.
 */
const exitNow = () => {
	log('stopping at once (second Ctrl-C): what was committed is kept; the next start picks up from there, and md-vector update resumes a cancelled sync');
	abandon?.();
	process.kill(process.pid, 'SIGKILL');
};

process.on('SIGINT', () => {
	if (stopping && cancelJobs) {
		exitNow();
		return;
	}

	shutdown(undefined, true);
});
process.on('SIGTERM', () => {
	shutdown(undefined, false);
});

if (values.attached) {
	process.on('disconnect', () => {
		shutdown('md-vector serve is gone: stopping');
	});
	if (!process.connected) {
		shutdown('md-vector serve is gone: stopping');
	}
}

const {startDaemon} = await import('./server.js');
const {DataLockedError} = await import('../common/data-lock.js');
try {
	const daemon = await startDaemon({port, host: values.host, env: process.env, log});
	stop = daemon.stop;
	abandon = daemon.abandon;
	if (stopping) {
		stopping = false;
		shutdown(undefined, cancelJobs);
	} else if (process.send && !values.attached) {
		// Started in the background by a client (source/client/spawn-daemon.ts): tell it we are up, then let go.
		process.send({type: 'ready', port: daemon.port}, () => {
			process.disconnect();
		});
	}
} catch (error) {
	// Said once, with its fix: `md-vector serve` (attached) adds nothing to it.
	const portTaken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' && values.attached ? ' with md-vector serve -p PORT (-p 0: any free port)' : '';
	const fix = error instanceof DataLockedError ? ': stop it with `md-vector stop`, or set MD_VECTOR_HOME for another data folder' : portTaken;
	console.error(`md-vector: ${error instanceof Error ? error.message : String(error)}${fix}`);
	// Told apart by a client that started this daemon: 3 another daemon serves the data folder, 4 the port is taken.
	process.exit(error instanceof DataLockedError ? 3 : ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 4 : 1));
}
