import {DaemonProcess, temporaryHome} from './daemon-process.js';
import {fuzzHttp} from './fuzz/fuzz-http.js';
import {prepareFuzzDaemon, writeFuzzFolder} from './fuzz/fuzz-setup.js';
import {fuzzStdio} from './fuzz/fuzz-stdio.js';
import {earlyLimits} from './early-limits.js';
import type {Tally} from './tally.js';

export type FuzzOptions = {
	readonly seed: number;
	/** Requests over HTTP (REST, MCP, raw). */
	readonly requests: number;
	/** Messages through `md-vector mcp` (stdio). */
	readonly stdio: number;
	/** Only this case (a replay). */
	readonly only?: number;
};

/** Fuzzes one daemon over HTTP and through the stdio bridge, then stops it: it must exit 0. */
export async function fuzzSection(tally: Tally, options: FuzzOptions): Promise<void> {
	const home = temporaryHome('md-vector-fuzz-');
	const folder = writeFuzzFolder(home);
	const daemon = await DaemonProcess.start({home, env: {MD_VECTOR_ALLOWED_ROOTS: folder}});
	try {
		const context = await prepareFuzzDaemon(daemon, folder);
		await fuzzHttp(daemon, context, tally, {seed: options.seed, count: options.requests, only: options.only});
		if (options.only === undefined) {
			await fuzzStdio(daemon, context, tally, {seed: options.seed, count: options.stdio});
			await earlyLimits(tally, daemon);
		}
	} finally {
		const exit = await daemon.stop();
		tally.check('crash', 'SIGTERM after the fuzzing: the daemon drains and exits 0', exit.code === 0 && !daemon.crashed('SIGTERM'), `exit ${exit.code ?? exit.signal}: ${daemon.log().slice(-1500)}`);
	}
}
