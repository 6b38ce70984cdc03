// A daemon of this build for a benchmark: its own home, the bench model, the embedded store or a database.
import {rmSync} from 'node:fs';
import path from 'node:path';
import {connect} from '../../source/client/connect.js';
import type {DaemonClient} from '../../source/client/daemon-client.js';
import {stopDaemon} from '../../source/client/stop-daemon.js';
import {waitForModel} from '../../source/client/wait-for-model.js';
import {readDiscovery} from '../../common/discovery.js';
import {poll} from '../../source/client/poll.js';
import {temporaryDirectory} from '../../test/helpers/paths.js';

/** A daemon and the environment that reaches it (for the CLI: bench/real-chunks.ts imports through it). */
export type BenchDaemon = {readonly name: string; readonly client: DaemonClient; readonly env: NodeJS.ProcessEnv; stop(): Promise<void>};

export const benchModelDir = path.resolve('.bench-models', 'bge-small-shape');

export async function startBenchDaemon(name: string, env: Record<string, string>): Promise<BenchDaemon> {
	const home = temporaryDirectory(`md-vector-bench-${name}-`);
	const daemonEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: benchModelDir, MD_VECTOR_PORT: '0', MD_VECTOR_RATE_LIMIT: '0', ...env};
	const client = await connect({env: daemonEnv});
	await waitForModel(client);
	return {
		name, client, env: daemonEnv, async stop() {
			await stopDaemon(readDiscovery(path.join(home, 'state'))!.pid);
			rmSync(home, {recursive: true, force: true});
		},
	};
}

/** Waits until the collection's vector index is what its size asks for and no build is pending (up to 30 min). */
export async function untilIndexSettled(client: DaemonClient, collection: string): Promise<string> {
	const settled = await poll(async () => {
		const stats = await client.stats(collection);
		return stats.index_rebuilding === null ? stats.index_kind : undefined;
	}, 30 * 60_000, 1000);
	if (!settled) {
		throw new Error(`the index of '${collection}' did not settle within 30 minutes`);
	}

	return settled;
}
