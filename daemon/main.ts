#!/usr/bin/env node
// The daemon's entry: `node dist/daemon/main.js [--port N] [--host H]`. Runs in the foreground.
import {parseArgs} from 'node:util';

// faiss reads OpenMP settings once, when it loads: passive waiting avoids 10-40x slow single queries.
process.env.OMP_WAIT_POLICY ??= 'PASSIVE';

const {values} = parseArgs({options: {port: {type: 'string', short: 'p', default: '7821'}, host: {type: 'string', default: '127.0.0.1'}}});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
	console.error(`md-vector: --port must be a whole number from 0 to 65535, got '${values.port}'`);
	process.exit(2);
}

const log = (line: string) => console.error(`[${new Date().toISOString()}] ${line}`);
const {startDaemon} = await import('./server.js');
try {
	const daemon = await startDaemon({port, host: values.host!, env: process.env, log});
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			void daemon.stop().then(() => process.exit(0), (error: unknown) => {
				log(`error while stopping: ${String(error)}`);
				process.exit(1);
			});
		});
	}
} catch (error) {
	console.error(`md-vector: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
}
