import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {daemonArguments, daemonEnvironment} from '../../source/client/daemon-process.js';
import {send, json, type Request, type Answer} from './http.js';

/** The repository: this file runs as dist/bench/reliability/daemon-process.js. */
export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
export const sharedData = path.resolve(repoRoot, '..', 'shared', 'data');
export const tinyModelDir = path.join(repoRoot, 'test', 'fixtures', 'models', 'tiny');
export const cliPath = path.join(repoRoot, 'dist', 'cli', 'md-vector.cjs');

/** What in a log or an exit says the process died of itself: aborts, native exceptions, V8 fatals. */
export const crashMarkers = /terminate called|Aborted|Segmentation fault|FATAL ERROR|Fatal error|core dumped|std::bad_alloc|FaissException/;

export function temporaryHome(prefix = 'md-vector-reliability-'): string {
	return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export type DaemonOptions = {
	readonly home?: string;
	readonly env?: Record<string, string>;
	/** Run as this user (the read-only run: root may write anywhere). */
	readonly uid?: number;
	readonly gid?: number;
	/**
	 * Root that obeys file modes (CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH dropped through setpriv): a folder made
	 * read-only is read-only for it too, while it can still read a checkout in a folder only root may enter.
	 */
	readonly obeyFileModes?: boolean;
	readonly host?: string;
	/** The daemon's limit of open files (prlimit --nofile), lower than the suite's own. */
	readonly maxOpenFiles?: number;
};

/** A real daemon process (dist/daemon/main.js) on a free port, with its log. */
export class DaemonProcess {
	static async start(options: DaemonOptions = {}): Promise<DaemonProcess> {
		const home = options.home ?? temporaryHome();
		// As a command starts it (the same arguments and allocator settings), on a free port.
		const command = [process.execPath, ...daemonArguments(['--port', '0', '--host', options.host ?? '127.0.0.1'])];
		const limited = options.maxOpenFiles === undefined ? command : ['prlimit', `--nofile=${options.maxOpenFiles}:${options.maxOpenFiles}`, '--', ...command];
		const [program, ...args] = options.obeyFileModes ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--', ...limited] : limited;
		const child = spawn(program!, args, {
			env: daemonEnvironment({...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: tinyModelDir, MD_VECTOR_RATE_LIMIT: '0', ...options.env}),
			stdio: ['ignore', 'ignore', 'pipe'],
			uid: options.uid,
			gid: options.gid,
		});
		const daemon = new DaemonProcess(child, home);
		await daemon.listening;
		return daemon;
	}

	url = new URL('http://127.0.0.1');
	private logText = '';
	/** Resolves once it listens (start waits for it). */
	readonly listening: Promise<void>;
	readonly exited: Promise<{code: number | null; signal: NodeJS.Signals | null}>;
	private exit: {code: number | null; signal: NodeJS.Signals | null} | undefined;

	private constructor(readonly child: ChildProcess, readonly home: string) {
		this.exited = new Promise(resolve => {
			child.once('exit', (code, signal) => {
				this.exit = {code, signal};
				resolve(this.exit);
			});
		});
		this.listening = new Promise((resolve, reject) => {
			child.stderr!.on('data', (data: Buffer) => {
				this.logText += data.toString();
				const match = /listening on (http:\/\/\S+?)\/api\/v1/.exec(this.logText);
				if (match && this.url.port === '') {
					this.url = new URL(match[1]!);
					resolve();
				}
			});
			void this.exited.then(({code, signal}) => {
				reject(new Error(`the daemon exited (${code ?? signal}) before listening: ${this.logText.slice(-2000)}`));
			});
		});
	}

	get pid(): number {
		return this.child.pid!;
	}

	get running(): boolean {
		return this.exit === undefined;
	}

	log(): string {
		return this.logText;
	}

	/** Whether it died of itself: a signal it was not sent, or an abort in its log. */
	crashed(sentSignal?: NodeJS.Signals): boolean {
		const {exit} = this;
		return crashMarkers.test(this.logText) || (exit !== undefined && exit.signal !== null && exit.signal !== sentSignal);
	}

	async request(request: Request): Promise<Answer> {
		return send(this.url, request);
	}

	/** GET/POST/DELETE a route under /api/v1 with a JSON body; answers the status and parsed body. */
	async api(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<{status: number; body: any}> {
		const answer = await send(this.url, {
			method, path: `/api/v1${route}`, body: body === undefined ? undefined : JSON.stringify(body),
			headers: body === undefined ? headers : {'content-type': 'application/json', ...headers},
		});
		return {status: answer.status, body: json(answer) ?? answer.text};
	}

	/** The chunker version exports carry and imports must name: read from an export of a one-note collection. */
	async chunkerVersion(): Promise<number> {
		await this.api('POST', '/ingest', {content: '# Probe\n\nA probe.\n', file_name: 'probe.md', collection: 'probe'});
		const exported = await this.request({method: 'GET', path: '/api/v1/export?collection=probe&format=jsonl'});
		return (JSON.parse(exported.text.slice(0, exported.text.indexOf('\n'))) as {chunker_version: number}).chunker_version;
	}

	/** Waits for the model (health: embedder ok). */
	async untilModel(timeoutMs = 120_000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			const health = await this.api('GET', '/health');
			if (health.body?.checks?.embedder?.status === 'ok') {
				return;
			}

			if (!this.running) {
				break;
			}

			await delay(100);
		}

		throw new Error(`the daemon did not load its model in ${timeoutMs / 1000} s: ${this.logText.slice(-1000)}`);
	}

	/** SIGTERM, then waits for the exit. */
	async stop(): Promise<{code: number | null; signal: NodeJS.Signals | null}> {
		if (this.running) {
			this.child.kill('SIGTERM');
		}

		return this.exited;
	}

	async kill(): Promise<void> {
		if (this.running) {
			this.child.kill('SIGKILL');
		}

		await this.exited;
	}
}

export const delay = async (ms: number) => new Promise(resolve => {
	setTimeout(resolve, ms);
});

/** Polls `check` until it answers something other than undefined, or the time is up (then undefined). */
export async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, intervalMs = 100): Promise<T | undefined> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value !== undefined || Date.now() > deadline) {
			return value;
		}

		await delay(intervalMs);
	}
}
