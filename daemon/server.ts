import {setTimeout as sleep} from 'node:timers/promises';
import type {Server} from 'node:http';
import path from 'node:path';
import {removeDiscovery, writeDiscovery} from '../common/discovery.js';
import {resolvePaths} from '../common/paths.js';
import {withFileSettings} from '../common/settings/read-settings.js';
import {modelOrigin} from '../common/settings/model-origin.js';
import {check} from '../common/settings/settings-schema.js';
import {version} from '../common/version.js';
import {lockDataDir} from '../common/data-lock.js';
import {newLocalToken} from '../common/local-token.js';
import {CapabilityError} from '../common/access/validate-capabilities.js';
import {createApp} from './app.js';
import {Engine, importFolderOf} from './engine/engine.js';
import {openStorage} from './engine/storage/open-storage.js';
import {BackgroundProblems} from './engine/background-problems.js';
import {dataFolderProbe} from './engine/data-folder-probe.js';
import {redact} from './engine/storage/redact-url.js';
import {WatchStreams} from './watch/watch-streams.js';
import {keepWatching} from './watch/keep-watching.js';
import {SourceFollowers} from './watch/source-followers.js';
import {streamLimits} from './http/stream-slots.js';
import {JobRegistry} from './jobs/job-registry.js';
import {sharedJobBoard} from './job-board-format.js';
import {listen} from './http/listen.js';
import {descriptorReserve, openFileLimit} from './http/connection-caps.js';
import {FailedAuthentications} from './http/failed-authentications.js';
import {loadEmbedderInto, modelLoader} from './load-embedder.js';
import {ModelResolver} from './models/model-resolver.js';
import {ModelSettings} from './models/model-settings.js';
import {resumeModelSwitches} from './jobs/model-switch-jobs.js';
import {ModelService} from './models/model-service.js';
import {modelConfigFromEnv} from './engine/embedder/model-config.js';
import {AccessControl} from './http/access-control.js';
import {OAuth} from './oauth/oauth.js';
import {SseSessions} from './mcp/sse-route.js';
import {daemonSettings, type DaemonOptions} from './daemon-settings.js';

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

export async function startDaemon(given: DaemonOptions): Promise<{server: Server; port: number; stop: (now?: boolean) => Promise<void>; abandon: () => void}> {
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
	let server: Awaited<ReturnType<typeof listen>>;
	// One list of background problems (failed index writes, a full or read-only data folder, a followed folder
	// gone) for /health.
	const problems = new BackgroundProblems(options.log);
	let jobs: JobRegistry;
	const startedAt = Date.now();
	const token = newLocalToken();
	const sseSessions = new SseSessions();
	const watchStreams = new WatchStreams();
	let followers: SourceFollowers | undefined;
	let oauth: OAuth | undefined;
	// Models by reference (a collection's own, a switch's target): found by name, loaded on demand.
	const resolver = new ModelResolver(settings.model, options.env, path.join(paths.data, 'models.json'));
	const modelSettings = new ModelSettings(resolver, origin, paths.config, given.env);
	let models: ModelService | undefined;
	// The model's load (kept, so a stop waits for it), and a later one after `md-vector model install` of the model.
	let modelLoad: Promise<void> = Promise.resolve();
	const modelStop = new AbortController(); // a model server out of reach is tried again until the daemon stops
	try {
		problems.addProbe(dataFolderProbe(paths.data));
		const storage = await openStorage({dataDir: paths.data, databaseUrl: settings.databaseUrl, hnswThreshold: settings.hnswThreshold, log: options.log, problems});
		engine = new Engine(storage, problems, {importFolder: importFolderOf(paths.data), models: {log: options.log, switchBatch: settings.switchBatch}, allowedRoots: () => settings.roots});
		engine.models.setLoader(modelLoader(resolver, paths.cache, options.log, settings.embed));
		const opened = engine;
		followers = new SourceFollowers(engine, {log: options.log});
		// On a shared database, its job board: every daemon of it answers for every job.
		jobs = new JobRegistry(sharedJobBoard(engine.jobBoard()), options.log);
		oauth = settings.oauth.enabled
			? new OAuth({
				dataDir: paths.data, settings: settings.oauth, apiKey: settings.apiKey, collections: async () => opened.collections(),
			})
			: undefined;
		models = new ModelService({
			cacheDir: paths.cache, settings: settings.install, log: options.log,
			async usage() {
				const state = opened.embedder;
				const model = state.status === 'ready' ? state.embedder.modelId : state.modelId.split('/').at(-1)!;
				const [collections, switches] = await Promise.all([opened.collectionModels(), opened.models.switches()]);
				const targets = new Map(switches.map(entry => [entry.collection, entry.target.modelId]));
				return {model, collections: collections.map(entry => ({...entry, ...(targets.has(entry.collection) ? {switchingTo: targets.get(entry.collection)} : {})}))};
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
					await loadEmbedderInto(opened, config, paths.cache, options.log, {embed: settings.embed, resolver, signal: modelStop.signal});
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
			mcpReadOnly: options.env.MD_VECTOR_MCP_READ_ONLY === '1', modelOrigin: origin, modelSettings, failedAuthentications: new FailedAuthentications(settings.authFailures),
		});
		access.watch();
		server = await listen(app, options.port, options.host, settings.connections);
		const {limits} = server.connections;
		if (limits.total < settings.connections.total) {
			options.log(`connections: at most ${limits.total} at once, not ${settings.connections.total}: this process may open ${openFileLimit()} files (ulimit -n), and keeps ${descriptorReserve(openFileLimit())} of them for its store, model and your files`);
		}
	} catch (error) {
		access.close();
		oauth?.close();
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
	modelLoad = loadEmbedderInto(engine, settings.model, paths.cache, options.log, {embed: settings.embed, resolver, signal: modelStop.signal});
	// Switches a stop or a kill left under way go on where they were, as jobs.
	await resumeModelSwitches(engine, jobs, options.log).catch((error: unknown) => {
		problems.report('model-switch', `resuming the model switches under way failed (${error instanceof Error ? error.message : String(error)}); they are tried again at the next start`);
	});
	const watching = settings.watch ? keepWatching(engine, followers, options.log, problems) : undefined;

	let stopping: Promise<void> | undefined;
	// now (SIGINT, `md-vector stop --now`): running jobs are cancelled; otherwise (SIGTERM, `md-vector stop`) they
	// finish first while the daemon goes on answering, and new jobs are refused. A later `now` cancels them.
	// Each wait is said as it starts, with what it waits for.
	const stop = async (now = true) => {
		if (now) {
			if (stopping) {
				options.log(`stopping: ${waitingFor(jobs, true)}`);
			}

			void jobs.stopAll();
			void models.jobs.stopAll(); // an install under way is cancelled: its temporary folder goes, nothing is installed
		}

		stopping ??= (async () => {
			options.log(`stopping: ${waitingFor(jobs, now)}`);
			await Promise.all([jobs.finishAll(), models.jobs.finishAll()]);
			const open = await new Promise<number>(resolve => {
				server.getConnections((error, count) => {
					resolve(error ? 0 : count);
				});
			});
			options.log(open > 0 ? `stopping: finishing ${open === 1 ? 'the request' : 'requests'} under way (${open} open ${open === 1 ? 'connection' : 'connections'})` : 'stopping: finishing requests');
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
			modelStop.abort(); // a model server out of reach is not tried again
			if (engine.embedder.status === 'loading') {
				options.log(`stopping: waiting for the model to finish loading (at most ${modelLoadWaitMs / 1000} s; ending while ONNX Runtime builds its session would abort)`);
			}

			await Promise.race([modelLoad, sleep(modelLoadWaitMs, undefined, {ref: false})]); // a download from the hub is not waited for long
			// A vector fill-in or a model switch embeds outside the write queue: each model's thread ends after its batch, not during it.
			await engine.models.close();

			await engine.close();
			oauth?.close();
			removeDiscovery(paths.state, process.pid);
			unlock();
			options.log('stopped');
		})();
		return stopping;
	};

	const abandon = () => {
		removeDiscovery(paths.state, process.pid);
		unlock();
	};

	return {server, port, stop, abandon};
}

/** What a stop waits for: the running jobs, each named, and what a second Ctrl-C does. */
function waitingFor(jobs: JobRegistry, now: boolean): string {
	const running = jobs.list().filter(job => job.state === 'running');
	if (running.length === 0) {
		return now ? 'no job is running; Ctrl-C again exits at once' : 'no job is running';
	}

	const count = (value: number) => value.toLocaleString('en-US');
	const named = running.map(job => `${job.type === 'update' ? 'update' : 'ingest-dir'} of ${job.directory || 'every source'} into '${job.collection}', ${count(job.progress.processedFiles)} of ${count(job.progress.totalFiles)} files`).join('; ');
	const [jobsWord, it] = running.length === 1 ? ['the running job', 'it'] : [`${running.length} running jobs`, 'each'];
	return now
		? `cancelling ${jobsWord} (${named}): ${it} ends at the model's next batch, once the write under way is done (what was committed is kept); Ctrl-C again exits at once`
		: `waiting for ${jobsWord} to finish (${named}); Ctrl-C cancels ${running.length === 1 ? 'it' : 'them'}`;
}
