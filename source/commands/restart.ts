import {resolvePaths} from '../../common/paths.js';
import {readDiscovery} from '../../common/discovery.js';
import {describeOrigin, modelOrigin} from '../../common/settings/model-origin.js';
import {withFileSettings} from '../../common/settings/read-settings.js';
import {chooseDaemonModel} from '../../common/models/model-choice.js';
import {dtypeFromEnv} from '../../common/models/folder-check.js';
import {connect} from '../client/connect.js';
import {UsageError} from '../client/client-errors.js';
import {waitForModel} from '../client/wait-for-model.js';
import type {Io} from '../cli/io.js';
import {flag, type Invocation} from '../cli/spec.js';
import {stopLocalDaemon} from './stop.js';

/**
 * The model settings checked as the new daemon will check them, before the running one is stopped: a folder that
 * is not there, a name md-vector does not know, a precision it does not load are refused here (exit 2), and the
 * running daemon keeps serving.
 */
function refuseBadModel(): void {
	const {config} = resolvePaths();
	try {
		const env = withFileSettings(process.env, config);
		chooseDaemonModel(env, dtypeFromEnv(env), modelOrigin(process.env, config));
	} catch (error) {
		throw new UsageError(`not restarting (the running daemon goes on): ${(error as Error).message}`, 'invalid_settings');
	}
}

/**
 * Stops the daemon (running jobs finish first; --now cancels them) and starts it again with this command's
 * environment and settings: how a new model (MD_VECTOR_MODEL_DIR, `config set model`) or any other setting
 * the daemon reads at its start takes effect. Waits for the new daemon's model, and says which it loaded.
 */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	if (process.env.MD_VECTOR_URL) {
		throw new UsageError('md-vector restart restarts the daemon of this machine; MD_VECTOR_URL (or --url) names a daemon elsewhere: restart it where it runs', 'invalid_input');
	}

	refuseBadModel();
	const stopped = await stopLocalDaemon(io, flag(invocation, 'now'));
	const client = await connect({onNotice: io.note});
	const health = await waitForModel(client);
	const record = readDiscovery(resolvePaths().state);
	const {embedder} = health.checks;
	const answer = {
		status: 'ok', previous_pid: stopped.pid ?? null, pid: record?.pid ?? null, url: client.baseUrl,
		model: embedder.model, model_status: embedder.status, ...(embedder.origin ? {origin: embedder.origin} : {}), ...(embedder.reason ? {reason: embedder.reason} : {}),
	};
	if (invocation.json) {
		return answer;
	}

	const before = stopped.pid === undefined ? 'started' : `restarted (pid ${stopped.pid} → ${answer.pid ?? '?'})`;
	const origin = embedder.origin ? ` from ${describeOrigin(embedder.origin)}` : '';
	io.out(`${before} the daemon at ${client.baseUrl}: model ${embedder.model} (${embedder.status}${embedder.reason ? `: ${embedder.reason}` : ''})${origin}\n`);
	return undefined;
}
