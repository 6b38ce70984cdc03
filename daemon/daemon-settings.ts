// The daemon's settings from its environment, each checked before anything opens: a bad value stops the start
// naming the variable, the rule and the value.
import os from 'node:os';
import path from 'node:path';
import type {ModelOrigin} from '../common/settings/model-origin.js';
import {check, fromText} from '../common/settings/settings-schema.js';
import {redact} from './engine/storage/redact-url.js';
import {streamLimits, type StreamLimits} from './http/stream-slots.js';
import {defaultAssistantRateLimit, defaultRateLimit, type RateLimit} from './http/rate-limit.js';
import {defaultConnectionLimits, type ConnectionLimits} from './http/connection-caps.js';
import {defaultFailedAuthentications} from './http/failed-authentications.js';
import {installSettings, type InstallSettings} from './models/install-settings.js';
import {modelConfigFromEnv, type ModelConfig} from './engine/embedder/model-config.js';
import {embedSettingsFromEnv, type EmbedSettings} from './engine/embedder/providers/provider-settings.js';
import {chunkBudgetFromEnv} from './engine/chunker/chunk-thread.js';
import {oauthSettings, type OAuthSettings} from './oauth/oauth-settings.js';

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

	// The REST API's limit is a setting of its own (md-vector config); the MCP assistants' one a variable only.
	const setting = variable === 'MD_VECTOR_RATE_LIMIT' ? 'md-vector config set rate-limit N (or MD_VECTOR_RATE_LIMIT=N)' : `${variable}=N`;
	return {points, durationSeconds: fallback.durationSeconds, setting};
}

/** MD_VECTOR_AUTH_FAILURES: failed authentications a minute per address group (all loopback addresses are one); 10 times that from everyone. */
function authFailures(env: NodeJS.ProcessEnv): number {
	const text = env.MD_VECTOR_AUTH_FAILURES;
	const value = text === undefined ? defaultFailedAuthentications.points : Number(text);
	if (!Number.isInteger(value) || value < 1) {
		throw new Error(`MD_VECTOR_AUTH_FAILURES must be a whole number of failed authentications per minute (at least 1), got '${text}'`);
	}

	return value;
}

/** MD_VECTOR_CONNECTIONS and MD_VECTOR_CONNECTIONS_PER_ADDRESS: connections open at once, in all and per address group. */
function connectionLimits(env: NodeJS.ProcessEnv): ConnectionLimits {
	const read = (variable: string, fallback: number) => {
		const text = env[variable];
		const value = text === undefined || text === '' ? fallback : Number(text);
		if (!Number.isInteger(value) || value < 16 || value > 1_000_000) {
			throw new Error(`${variable} must be a whole number of connections from 16 to 1000000, got '${text}'`);
		}

		return value;
	};

	return {total: read('MD_VECTOR_CONNECTIONS', defaultConnectionLimits.total), perAddress: read('MD_VECTOR_CONNECTIONS_PER_ADDRESS', defaultConnectionLimits.perAddress)};
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

/** MD_VECTOR_SWITCH_BATCH: chunks embedded per step of a model switch (default 256); each step is one write and a point a stop resumes from. */
function switchBatch(env: NodeJS.ProcessEnv): number | undefined {
	const text = env.MD_VECTOR_SWITCH_BATCH;
	if (text === undefined || text === '') {
		return undefined;
	}

	const value = Number(text);
	if (!/^\d+$/.test(text.trim()) || value < 1 || value > 4096) {
		throw new Error(`MD_VECTOR_SWITCH_BATCH must be a whole number of chunks per step of a model switch, 1 to 4096, got '${text}'`);
	}

	return value;
}

/** Settings from the environment, checked before anything opens; `origin` says which setting chose the model (for its messages). */
export function daemonSettings(options: DaemonOptions, origin?: ModelOrigin): {
	apiKey?: string; rateLimit: RateLimit; roots: string[]; allowedHosts: string[]; hnswThreshold?: number; model: ModelConfig; embed: EmbedSettings; oauth: OAuthSettings; assistantRateLimit: RateLimit;
	databaseUrl?: string; watch: boolean; streamLimits: StreamLimits; install: InstallSettings; switchBatch?: number; authFailures: number; connections: ConnectionLimits;
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
	chunkBudgetFromEnv(options.env); // read as each document is chunked; checked here so a bad value stops the start
	return {
		apiKey, rateLimit: perMinute(options.env, 'MD_VECTOR_RATE_LIMIT', defaultRateLimit), roots, allowedHosts, hnswThreshold, model: modelConfigFromEnv(options.env, origin),
		embed: embedSettingsFromEnv(options.env),
		oauth: oauthSettings(options.env), assistantRateLimit: perMinute(options.env, 'MD_VECTOR_MCP_RATE_LIMIT', defaultAssistantRateLimit),
		databaseUrl, watch: watchSetting(options.env), streamLimits: streamLimits(options.env), install: installSettings(options.env), switchBatch: switchBatch(options.env),
		authFailures: authFailures(options.env), connections: connectionLimits(options.env),
	};
}
