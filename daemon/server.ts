import {setTimeout as sleep} from 'node:timers/promises';
import type {Server} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {removeDiscovery, writeDiscovery} from '../common/discovery.js';
import {resolvePaths} from '../common/paths.js';
import {withFileSettings} from '../common/settings/read-settings.js';
import {modelOrigin, type ModelOrigin} from '../common/settings/model-origin.js';
import {check, fromText} from '../common/settings/settings-schema.js';
import {version} from '../common/version.js';
import {lockDataDir} from '../common/data-lock.js';
import {newLocalToken} from '../common/local-token.js';
import {CapabilityError} from '../common/capabilities/validate-capabilities.js';
import {createApp} from './app.js';
import {Engine, importFolderOf} from './engine/engine.js';
import {openStorage} from './engine/storage/open-storage.js';
import {BackgroundProblems} from './engine/background-problems.js';
import {dataFolderProbe} from './engine/data-folder-probe.js';
import {redact} from './engine/storage/redact-url.js';
import {WatchStreams} from './watch/watch-streams.js';
import {keepWatching} from './watch/keep-watching.js';
import {SourceFollowers} from './watch/source-followers.js';
import {streamLimits, type StreamLimits} from './http/stream-slots.js';
import {JobRegistry} from './jobs/job-registry.js';
import {defaultAssistantRateLimit, defaultRateLimit, type RateLimit} from './http/rate-limit.js';
import {listen} from './http/listen.js';
import {loadEmbedderInto} from './load-embedder.js';
import {ModelService} from './models/model-service.js';
import {installSettings, type InstallSettings} from './models/install-settings.js';
import {modelConfigFromEnv, type ModelConfig} from './engine/embedder/model-config.js';
import {embedSettingsFromEnv, type EmbedSettings} from './engine/embedder/providers/provider-settings.js';
import {AccessControl} from './capabilities/access-control.js';
import {OAuth} from './oauth/oauth.js';
import {oauthSettings, type OAuthSettings} from './oauth/oauth-settings.js';
import {SseSessions} from './mcp/sse-route.js';

export type DaemonOptions = {
	readonly port: number;
	readonly host: string;
	readonly env: NodeJS.ProcessEnv;
	readonly log: (line: string) => void;
};

const loopback = new Set(['127.0.0.1', '::1', 'localhost']);

/** A rate limit from the environment: requests per minute, 0 = no limit. */
function perMinute(env: NodeJS.ProcessEnv, variable: string, fallback: RateLimit): RateLimit {
	const points = env[variable] === undefined ? fallback.points : Number(env[variable]);
	if (!Number.isInteger(points) || points < 0) {
		throw new Error(`${variable} must be a whole number of requests per minute (0 = no limit), got '${env[variable]}'`);
	}

	return {points, durationSeconds: fallback.durationSeconds};
}

/** MD_VECTOR_WATCH (the `watch` setting): whether the daemon follows the folder sources from its start. */
function watchSetting(env: NodeJS.ProcessEnv): boolean {
	const text = env.MD_VECTOR_WATCH;
	if (text === undefined || text === '') {
		return false;
	}

	const checked = check('watch', fromText('watch', text));
	if (!checked.ok) {
		throw new Error(`MD_VECTOR_WATCH (the watch setting) ${checked.rule}, got '${text}'`);
	}

	return checked.value === true;
}

/** Settings from the environment, checked before anything opens; `origin` says which setting chose the model (for its messages). */
export function daemonSettings(options: DaemonOptions, origin?: ModelOrigin): {
	apiKey?: string; rateLimit: RateLimit; roots: string[]; allowedHosts: string[]; hnswThreshold?: number; model: ModelConfig; embed: EmbedSettings; oauth: OAuthSettings; assistantRateLimit: RateLimit;
	databaseUrl?: string; watch: boolean; streamLimits: StreamLimits; install: InstallSettings;
} {
	const apiKey = options.env.MD_VECTOR_API_KEY?.length ? options.env.MD_VECTOR_API_KEY : undefined; // set but empty: no key
	if (!apiKey && !loopback.has(options.host)) {
		throw new Error(`refusing to listen on ${options.host} without an API key: anyone on the network could read and change your index. `
			+ 'Set MD_VECTOR_API_KEY, or listen on 127.0.0.1.');
	}

	const threshold = options.env.MD_VECTOR_HNSW_THRESHOLD;
	const hnswThreshold = threshold === undefined ? undefined : Number(threshold);
	if (hnswThreshold !== undefined && !(Number.isInteger(hnswThreshold) && hnswThreshold >= 0)) {
		throw new Error(`MD_VECTOR_HNSW_THRESHOLD must be a whole number of vectors (above it a collection uses an HNSW index), got '${threshold}'`);
	}

	const databaseUrl = options.env.MD_VECTOR_DATABASE_URL?.length ? options.env.MD_VECTOR_DATABASE_URL : undefined;
	const checked = databaseUrl === undefined ? undefined : check('database-url', databaseUrl);
	if (checked && !checked.ok) {
		throw new Error(`MD_VECTOR_DATABASE_URL (the database-url setting) ${checked.rule}, got '${redact(databaseUrl!)}'`);
	}

	const configured = (options.env.MD_VECTOR_ALLOWED_ROOTS ?? '').split(path.delimiter).filter(Boolean).map(root => path.resolve(root));
	// A loopback daemon without a key serves the local user: their home is allowed. With a key, only what is configured.
	const roots = apiKey ? configured : [os.homedir(), ...configured];
	const allowedHosts = (options.env.MD_VECTOR_ALLOWED_HOSTS ?? '').split(',').map(host => host.trim()).filter(Boolean);
	return {
		apiKey, rateLimit: perMinute(options.env, 'MD_VECTOR_RATE_LIMIT', defaultRateLimit), roots, allowedHosts, hnswThreshold, model: modelConfigFromEnv(options.env, origin),
		embed: embedSettingsFromEnv(options.env),
		oauth: oauthSettings(options.env), assistantRateLimit: perMinute(options.env, 'MD_VECTOR_MCP_RATE_LIMIT', defaultAssistantRateLimit),
		databaseUrl, watch: watchSetting(options.env), streamLimits: streamLimits(options.env), install: installSettings(options.env),
	};
}

/** The capability files in force; an invalid one stops the start: the daemon does not guess who may do what. */
function openAccessControl(config: string, options: DaemonOptions): AccessControl {
	try {
		return new AccessControl(config, options.env, options.log);
	} catch (error) {
		const problems = error instanceof CapabilityError ? error.problems : [(error as Error).message];
		throw new Error(`not starting: the capability files have problems (check them with \`md-vector capabilities check\`):\n  ${problems.join('\n  ')}`, {cause: error});
	}
}

/** Opens the store, binds, then advertises; stop() drains (jobs finish, or are cancelled when `now`), persists, un-advertises. */
/** How long a stop waits for a model load under way (a local folder loads in well under a second). */
const modelLoadWaitMs = 15_000;

export async function startDaemon(given: DaemonOptions): Promise<{server: Server; port: number; stop: (now?: boolean) => Promise<void>}> {
	// `md-vector config set` settings, under the environment's: everything below reads one environment.
	const options = {...given, env: withFileSettings(given.env, resolvePaths(given.env).config)};
	// Which setting chose the model: /health says it, so a command with another one can tell (and say restart).
	const origin = modelOrigin(given.env, resolvePaths(given.env).config);
	const settings = daemonSettings(options, origin);
	const paths = resolvePaths(options.env);
	const access = openAccessControl(paths.config, options);
	// With a database too: the data folder still holds this daemon's own files (discovery, token, OAuth state).
	// Daemons sharing a database each have their own MD_VECTOR_HOME.
	const unlock = lockDataDir(paths.data);
	let engine: Engine | undefined;
	let server: Server;
	// One list of background problems (failed index writes, a full or read-only data folder, a followed folder
	// gone) for /health.
	const problems = new BackgroundProblems(options.log);
	let jobs: JobRegistry;
	const startedAt = Date.now();
	const token = newLocalToken();
	const sseSessions = new SseSessions();
	const watchStreams = new WatchStreams();
	let followers: SourceFollowers | undefined;
	let models: ModelService | undefined;
	// The model's load (kept, so a stop waits for it), and a later one after `md-vector model install` of the model.
	let modelLoad: Promise<void> = Promise.resolve();
	const modelStop = new AbortController(); // a model server out of reach is tried again until the daemon stops
	try {
		problems.addProbe(dataFolderProbe(paths.data));
		engine = new Engine(await openStorage({dataDir: paths.data, databaseUrl: settings.databaseUrl, hnswThreshold: settings.hnswThreshold, log: options.log, problems}), problems, {importFolder: importFolderOf(paths.data)});
		const opened = engine;
		followers = new SourceFollowers(engine, {log: options.log});
		// On a shared database, its job board: every daemon of it answers for every job.
		jobs = new JobRegistry(engine.jobBoard(), options.log);
		const oauth = settings.oauth.enabled
			? new OAuth({
				dataDir: paths.data, settings: settings.oauth, apiKey: settings.apiKey, collections: async () => opened.collections(),
			})
			: undefined;
		models = new ModelService({
			cacheDir: paths.cache, settings: settings.install, log: options.log,
			async usage() {
				const state = opened.embedder;
				const model = state.status === 'ready' ? state.embedder.modelId : state.modelId.split('/').at(-1)!;
				return {model, collections: await opened.collectionModels()};
			},
			onInstalled(name) {
				// The model the settings name, installed now while the daemon has none (the hub was out of reach): load it.
				if (settings.embed.provider !== 'local' || settings.model.known !== name || settings.model.directory) {
					return;
				}

				const config = modelConfigFromEnv(options.env, origin);
				if (opened.embedder.status !== 'unavailable' || !config.directory) {
					return; // loaded (or loading) already: from the hub, or an earlier install
				}

				opened.setEmbedder({status: 'loading', modelId: config.id}); // at once: a command waiting for it sees the load
				modelLoad = modelLoad.then(async () => {
					options.log(`model ${name} installed: loading it from ${config.directory!}`);
					await loadEmbedderInto(opened, config, settings.embed, paths.cache, options.log, modelStop.signal);
				}).catch((error: unknown) => {
					options.log(`could not load the installed model ${name}: ${String(error)}`);
				});
			},
		});
		const app = createApp({
			models,
			oauth, sseSessions, watchStreams, sourceFollowers: followers, streamLimits: settings.streamLimits, assistantRateLimit: settings.assistantRateLimit,
			engine, jobs, version, startedAt, apiKey: settings.apiKey, localToken: token, rateLimit: settings.rateLimit,
			allowedRoots: () => settings.roots, access, log: options.log, host: options.host, allowedHosts: settings.allowedHosts,
			mcpReadOnly: options.env.MD_VECTOR_MCP_READ_ONLY === '1', modelOrigin: origin,
		});
		access.watch();
		server = await listen(app, options.port, options.host);
	} catch (error) {
		access.close();
		await engine?.close();
		unlock();
		throw error;
	}

	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : options.port;
	writeDiscovery(paths.state, {pid: process.pid, port, host: options.host, version, started_at: new Date(startedAt).toISOString(), token});
	const store = settings.databaseUrl ? `database: ${redact(settings.databaseUrl)}` : `data: ${paths.data}`;
	options.log(`md-vector ${version} listening on http://${options.host}:${port}/api/v1 (${store})`);
	// Kept, so a stop waits for a load under way: ending the process while ONNX Runtime builds its session on the
	// model's thread aborted it (a native error), leaving the discovery record and the data folder's lock behind.
	modelLoad = loadEmbedderInto(engine, settings.model, settings.embed, paths.cache, options.log, modelStop.signal);
	const watching = settings.watch ? keepWatching(engine, followers, options.log, problems) : undefined;

	let stopping: Promise<void> | undefined;
	// now (SIGINT, `md-vector stop --now`): running jobs are cancelled; otherwise (SIGTERM, `md-vector stop`) they
	// finish first while the daemon goes on answering, and new jobs are refused. A later `now` cancels them.
	const stop = async (now = true) => {
		if (now) {
			void jobs.stopAll();
			void models.jobs.stopAll(); // an install under way is cancelled: its temporary folder goes, nothing is installed
		}

		stopping ??= (async () => {
			options.log(now ? 'stopping: cancelling running jobs' : 'stopping: running jobs finish first (SIGINT cancels them)');
			await Promise.all([jobs.finishAll(), models.jobs.finishAll()]);
			options.log('stopping: finishing requests');
			access.close();
			const closed = new Promise<void>(resolve => {
				server.close(() => {
					resolve();
				});
			});
			server.closeIdleConnections();
			await sseSessions.closeAll(); // an open MCP stream would keep the server from closing
			watchStreams.closeAll(); // and so would a watch stream
			await watching?.close();
			await closed;
			modelStop.abort();
			await Promise.race([modelLoad, sleep(modelLoadWaitMs, undefined, {ref: false})]); // a download from the hub is not waited for long
			// A vector fill-in embeds outside the write queue: the model's thread ends after its batch, not during it.
			const model = engine.embedder;
			if (model.status === 'ready') {
				await model.embedder.dispose();
			}

			await engine.close();
			removeDiscovery(paths.state, process.pid);
			unlock();
			options.log('stopped');
		})();
		return stopping;
	};

	return {server, port, stop};
}
