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
let stopping = false;
let cancelJobs = false;
/**
 * Drains and exits; runs once (a second Ctrl-C, forwarded by `serve`, must not kill the drain). SIGTERM
 * (`md-vector stop`) lets running jobs finish; SIGINT (Ctrl-C, `md-vector stop --now`) and a gone `serve` cancel them.
 */
const shutdown = (reason?: string, now = true) => {
	if (stopping) {
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

process.on('SIGINT', () => {
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
	console.error(`md-vector: ${error instanceof Error ? error.message : String(error)}`);
	// Told apart by a client that started this daemon: 3 another daemon serves the data folder, 4 the port is taken.
	process.exit(error instanceof DataLockedError ? 3 : ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 4 : 1));
}
