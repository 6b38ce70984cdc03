// The daemon's app in this test process: createApp with a real engine on a temporary folder, real capability
// files, served by the daemon's own listen() (with its parser-error answers) on a free loopback port.
import {mkdirSync, writeFileSync} from 'node:fs';
import {request as httpRequest, type IncomingHttpHeaders} from 'node:http';
import path from 'node:path';
import {createApp, type AppDeps} from '../../daemon/app.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {AccessControl} from '../../daemon/http/access-control.js';
import {listen} from '../../daemon/http/listen.js';
import type {ConnectionCaps, ConnectionLimits} from '../../daemon/http/connection-caps.js';
import {JobRegistry} from '../../daemon/jobs/job-registry.js';
import {openEngine} from './engine.js';
import {temporaryDirectory} from './paths.js';

export type AppOptions = Partial<Omit<AppDeps, 'engine' | 'jobs' | 'access'>> & {
	/** Capability files (written to config/capabilities/<identifier>.json) and clients.json entries. */
	readonly capabilities?: ReadonlyArray<Record<string, unknown>>;
	readonly clients?: ReadonlyArray<{label: string; key: string}>;
	/** The environment the capability files resolve ${VAR} keys from. */
	readonly env?: NodeJS.ProcessEnv;
	/** A ready embedder (default: none, keyword search only). */
	readonly embedder?: Embedder;
	/** The server's connection limits (default: the daemon's). */
	readonly connectionLimits?: ConnectionLimits;
};

export type Answer = {status: number; headers: IncomingHttpHeaders; text: string; body: any};

export type AppServer = {
	readonly port: number;
	readonly deps: AppDeps;
	readonly logged: string[];
	/** The server's connections (connection-caps.ts). */
	readonly connections: ConnectionCaps;
	/** A request over node:http, so any Host header can be sent. */
	request(method: string, route: string, options?: {headers?: Record<string, string>; body?: unknown; from?: string}): Promise<Answer>;
	close(): Promise<void>;
};

export async function serveApp(options: AppOptions = {}): Promise<AppServer> {
	const home = temporaryDirectory('md-vector-app-');
	const config = path.join(home, 'config');
	mkdirSync(path.join(config, 'capabilities'), {recursive: true});
	for (const capability of options.capabilities ?? []) {
		writeFileSync(path.join(config, 'capabilities', `${String(capability.identifier)}.json`), JSON.stringify(capability));
	}

	if (options.clients) {
		writeFileSync(path.join(config, 'clients.json'), JSON.stringify({clients: options.clients}));
	}

	const logged: string[] = [];
	const log = (line: string) => logged.push(line);
	const {engine} = openEngine(options.embedder, path.join(home, 'data'));
	const deps: AppDeps = {
		engine, jobs: new JobRegistry(), version: 'test', startedAt: Date.now(), rateLimit: {points: 0, durationSeconds: 60},
		allowedRoots: () => [home], access: new AccessControl(config, options.env ?? {}, log), host: '127.0.0.1', allowedHosts: [],
		mcpReadOnly: false, log, ...options,
	};
	const server = await listen(createApp(deps), 0, '127.0.0.1', options.connectionLimits);
	const {port} = server.address() as {port: number};
	return {
		port,
		deps,
		logged,
		connections: server.connections,
		async request(method, route, {headers = {}, body, from} = {}) {
			const payload = body === undefined ? undefined : (typeof body === 'string' ? body : JSON.stringify(body));
			return new Promise<Answer>((resolve, reject) => {
				const outgoing = httpRequest({
					host: '127.0.0.1', port, method, path: route, localAddress: from,
					// Content-Length always: Node sends a DELETE's body neither chunked nor measured otherwise.
					headers: {...(payload === undefined ? {} : {'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload))}), ...headers},
				}, response => {
					let text = '';
					response.setEncoding('utf8');
					response.on('data', (chunk: string) => {
						text += chunk;
					});
					response.on('end', () => {
						let parsed: unknown = text;
						try {
							parsed = JSON.parse(text);
						} catch {
							// Not JSON: kept as text.
						}

						resolve({status: response.statusCode!, headers: response.headers, text, body: parsed});
					});
				});
				outgoing.on('error', reject);
				outgoing.end(payload);
			});
		},
		async close() {
			server.closeAllConnections();
			await new Promise(resolve => server.close(resolve));
			await engine.close();
		},
	};
}
