import {existsSync} from 'node:fs';
import path from 'node:path';
import {execaNode, type ResultPromise} from 'execa';
import {poll} from '../../source/client/poll.js';
import {repoRoot, temporaryDirectory, tinyModelDir} from './paths.js';

export type RunningDaemon = {
	readonly url: string;
	readonly home: string;
	readonly process: ResultPromise;
	/** Everything the daemon wrote to stderr so far (its log). */
	log(): string;
	request(method: string, route: string, body?: unknown, headers?: Record<string, string>): Promise<{status: number; body: any; headers: Headers}>;
	stop(): Promise<void>;
};

const main = path.join(repoRoot, 'dist', 'daemon', 'main.js');

/** Starts the real daemon on a free port with an isolated MD_VECTOR_HOME; resolves once it listens. */
export async function startDaemon(env: Record<string, string> = {}, home = temporaryDirectory(), port = 0): Promise<RunningDaemon> {
	const child = execaNode(main, ['--port', String(port)], {
		env: {MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: tinyModelDir, MD_VECTOR_RATE_LIMIT: '0', ...env},
		reject: false,
		buffer: false,
		stdout: 'ignore',
	});
	let log = '';
	const url = await new Promise<string>((resolve, reject) => {
		child.stderr.on('data', (data: Buffer) => {
			log += data.toString();
			const match = /listening on (http:\/\/[^/\s]+)/.exec(log);
			if (match) {
				resolve(match[1]!);
			}
		});
		void child.then(result => {
			reject(new Error(`daemon exited (${result.exitCode}) before listening: ${log}`));
		});
	});

	const daemon: RunningDaemon = {
		url,
		home,
		process: child,
		log: () => log,
		async request(method, route, body, headers = {}) {
			const response = await fetch(`${url}${route}`, {
				method,
				headers: body === undefined ? headers : {'content-type': 'application/json', ...headers},
				body: body === undefined ? undefined : (typeof body === 'string' ? body : JSON.stringify(body)),
			});
			const text = await response.text();
			let parsed: unknown = text;
			try {
				parsed = JSON.parse(text);
			} catch {
				// Not JSON: kept as text.
			}

			return {status: response.status, body: parsed, headers: response.headers};
		},
		async stop() {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGTERM');
			}

			await child;
		},
	};
	return daemon;
}

export function discoveryExists(home: string): boolean {
	return existsSync(path.join(home, 'state', 'daemon.json'));
}

/** Waits for the embedding model: health says ok. */
export async function untilReady(daemon: RunningDaemon): Promise<void> {
	const ready = await poll(async () => ((await daemon.request('GET', '/api/v1/health')).body.checks.embedder.status === 'ok' ? true : undefined), 60_000);
	if (!ready) {
		throw new Error('the daemon did not load its model within 60 s');
	}
}
