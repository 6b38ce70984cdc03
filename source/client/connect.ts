import {resolvePaths} from '../../common/paths.js';
import {readDiscovery, removeDiscovery, type DiscoveryRecord} from '../../common/discovery.js';
import {version} from '../../common/version.js';
import {localTokenHeader} from '../../common/local-token-header.js';
import {DaemonClient} from './daemon-client.js';
import {UnreachableError} from './client-errors.js';
import {probeDaemon} from './probe-daemon.js';
import {configuredPort} from './configured-port.js';

// Starting, replacing or reaching a remote daemon is rare: those modules load then, not on every one-shot call.

export {defaultPort} from './configured-port.js';

export type ConnectOptions = {
	readonly env?: NodeJS.ProcessEnv;
	/** Start a daemon when none runs (default true); false: fail with a clear message instead. */
	readonly start?: boolean;
	/** Called with a line for the user when a daemon is started or replaced. */
	readonly onNotice?: (line: string) => void;
};

/**
 * Finds the running daemon through its discovery record and checks it is the one of this data folder (it
 * proves it holds the record's token) and of this version; starts one in the background when there is none,
 * replaces one of another version, and cleans up a stale record (nothing, or another program, answers at its
 * port) and restarts once, never in a loop. MD_VECTOR_URL points at a daemon elsewhere instead (never started here).
 */
export async function connect(options: ConnectOptions = {}): Promise<DaemonClient> {
	const env = options.env ?? process.env;
	if (env.MD_VECTOR_URL) {
		const helper = env.MD_VECTOR_HEADERS_HELPER;
		const {headersFromEnv, runHeadersHelper} = await import('./remote-headers.js');
		const renew = helper ? async () => runHeadersHelper(helper, env) : undefined;
		const headers = {...authHeaders(env), ...headersFromEnv(env), ...(renew ? await renew() : {})};
		return new DaemonClient(`${env.MD_VECTOR_URL.replace(/\/+$/, '')}/api/v1`, headers, renew);
	}

	const {state} = resolvePaths(env);
	const record = readDiscovery(state);
	if (record) {
		const probe = await probeDaemon(record, daemonOrigin(record));
		if (probe.status === 'ours' && probe.health.version === version) {
			return clientOf(record, env);
		}

		if (probe.status === 'ours' || probe.status === 'older') {
			options.onNotice?.(`replacing the running daemon ${probe.health.version} (pid ${record.pid}) with ${version}`);
			const {stopDaemon} = await import('./stop-daemon.js');
			await stopDaemon(record.pid, {now: true}); // its running jobs are cancelled; their clients say it was stopped
		}

		removeDiscovery(state, record.pid); // stale: nothing, or something else, answers at its port
	}

	if (options.start === false) {
		const problem = await settingsProblem(env);
		throw new UnreachableError(problem
			? `no md-vector daemon is running, and none starts until the config file is fixed: ${problem}`
			: 'no md-vector daemon is running (start one with `md-vector serve`, or run any command to start it in the background)');
	}

	return startAndConnect(state, env, options);
}

async function startAndConnect(state: string, env: NodeJS.ProcessEnv, options: ConnectOptions): Promise<DaemonClient> {
	const configured = await configuredPort(env);
	const {spawnDaemon} = await import('./spawn-daemon.js');
	let outcome = await spawnDaemon(state, configured, env);
	if (outcome.status === 'port-in-use') {
		options.onNotice?.(`port ${configured} is taken; the daemon listens on a free port instead`);
		outcome = await spawnDaemon(state, 0, env);
	}

	const record = outcome.status === 'locked' ? await untilRecord(state) : readDiscovery(state);
	// The record must be the started daemon's own (not one a daemon of another port or process left).
	if (!record || (outcome.status === 'ready' && (record.pid !== outcome.pid || record.port !== outcome.port))) {
		throw new UnreachableError(`the daemon started but wrote no discovery record in ${state}`);
	}

	if (outcome.status === 'ready') {
		options.onNotice?.(`started the md-vector daemon (pid ${record.pid}) on ${daemonOrigin(record)}`);
	}

	return clientOf(record, env);
}

/** What in the config file would stop a daemon from starting (its file, key, rule and fix), if anything. */
async function settingsProblem(env: NodeJS.ProcessEnv): Promise<string | undefined> {
	const {readSettingsFile} = await import('../../common/settings/read-settings.js');
	try {
		readSettingsFile(resolvePaths(env).config);
		return undefined;
	} catch (error) {
		return (error as Error).message;
	}
}

/** Another process is starting the daemon at the same moment: wait for its record, proved (bounded). */
async function untilRecord(state: string): Promise<DiscoveryRecord | undefined> {
	const {poll} = await import('./poll.js');
	return poll(async () => {
		const record = readDiscovery(state);
		return record && (await probeDaemon(record, daemonOrigin(record))).status === 'ours' ? record : undefined;
	}, 60_000);
}

/** The daemon's address from its record (an IPv6 host in brackets). */
export function daemonOrigin(record: Pick<DiscoveryRecord, 'host' | 'port'>): string {
	const host = record.host.includes(':') ? `[${record.host}]` : record.host;
	return `http://${host}:${record.port}`;
}

/** A client of the daemon a discovery record names, whatever its version. */
export function clientOf(record: DiscoveryRecord, env: NodeJS.ProcessEnv = process.env): DaemonClient {
	return new DaemonClient(`${daemonOrigin(record)}/api/v1`, {...authHeaders(env), [localTokenHeader]: record.token});
}

function authHeaders(env: NodeJS.ProcessEnv): Record<string, string> {
	return env.MD_VECTOR_API_KEY ? {'x-api-key': env.MD_VECTOR_API_KEY} : {};
}
