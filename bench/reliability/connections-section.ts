// Issue 34 item 7: 20,000 sockets each sending part of a header line every 5 s (under Node's 60 s header timeout)
// held every file descriptor of the daemon, and /health, search and ingest could not connect. Here the daemon may
// open 2,048 files (prlimit) and twice that many such sockets come from loopback addresses of their own, each
// reconnecting a second after the daemon closes it. Meanwhile /health, a search and an ingest must answer, each
// on a new connection, and the daemon's open descriptors stay below its limit.
import {readdirSync, rmSync} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import {percentile} from '../machine.js';
import {DaemonProcess} from './daemon-process.js';
import {ownerHeaders} from './oauth/sign-in.js';
import type {Tally} from './tally.js';

const finding = 'I34-connections';

export type ConnectionsOptions = {
	/** Slow sockets held at once (default 4,096: twice the daemon's descriptor limit). */
	readonly sockets?: number;
	/** How long they are held while the daemon is asked (default 20 s). */
	readonly seconds?: number;
	/** The daemon's limit of open files (default 2,048). */
	readonly maxOpenFiles?: number;
};

/** Slow clients: each sends half a request, then a byte every 5 s; closed by the daemon, each comes back after 1 s. */
class SlowSockets {
	readonly counts = {connected: 0, closedByDaemon: 0, answered: 0};
	private readonly held = new Set<net.Socket>();
	private stopped = false;

	constructor(private readonly port: number) {
		// Sockets are opened by open().
	}

	get heldNow(): number {
		return this.held.size;
	}

	open(index: number): void {
		if (this.stopped) {
			return;
		}

		// 127.1.0.0 upwards: every one a loopback address of its own.
		const from = `127.${1 + Math.floor(index / 65_536)}.${Math.floor(index / 256) % 256}.${index % 256}`;
		const socket = net.connect({port: this.port, host: '127.0.0.1', localAddress: from});
		let trickle: NodeJS.Timeout | undefined;
		socket.on('connect', () => {
			if (this.stopped) {
				socket.destroy(); // it connected after stop(): held, it would trickle on and keep the daemon from stopping
				return;
			}

			this.counts.connected++;
			this.held.add(socket);
			socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
			trickle = setInterval(() => socket.write('a'), 5000);
		});
		socket.on('data', () => {
			this.counts.answered++; // a refusal naming the limit (429 or 503)
		});
		socket.on('error', () => undefined);
		socket.on('close', () => {
			clearInterval(trickle);
			if (this.held.delete(socket) && !this.stopped) {
				this.counts.closedByDaemon++;
			}

			setTimeout(() => {
				this.open(index);
			}, 1000).unref();
		});
	}

	stop(): void {
		this.stopped = true;
		for (const socket of this.held) {
			socket.destroy();
		}
	}
}

/** A request on a connection of its own (a pooled one could be one the daemon closed to make room). */
async function ask(port: number, method: string, route: string, headers: Record<string, string>, body?: unknown): Promise<{status: number; ms: number}> {
	const started = performance.now();
	const payload = body === undefined ? undefined : JSON.stringify(body);
	return new Promise(resolve => {
		const request = http.request({
			host: '127.0.0.1', port, method, path: `/api/v1${route}`, agent: false, timeout: 10_000,
			headers: {...headers, ...(payload === undefined ? {} : {'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload))})},
		}, response => {
			response.resume();
			response.on('end', () => {
				resolve({status: response.statusCode ?? 0, ms: performance.now() - started});
			});
		});
		request.on('timeout', () => request.destroy(new Error('timed out')));
		request.on('error', () => {
			resolve({status: 0, ms: performance.now() - started});
		});
		request.end(payload);
	});
}

const descriptors = (pid: number) => {
	try {
		return readdirSync(`/proc/${pid}/fd`).length;
	} catch {
		return 0;
	}
};

export async function connectionsSection(tally: Tally, options: ConnectionsOptions = {}): Promise<void> {
	const sockets = options.sockets ?? 4096;
	const maxOpenFiles = options.maxOpenFiles ?? 2048;
	const daemon = await DaemonProcess.start({maxOpenFiles, env: {MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1'}});
	const port = Number(daemon.url.port);
	const slow = new SlowSockets(port);
	try {
		const owner = ownerHeaders(daemon);
		await daemon.api('POST', '/ingest', {content: '# Notes\n\nCompost notes.\n', file_name: 'a.md', collection: 'notes'}, owner);
		for (let index = 0; index < sockets; index++) {
			slow.open(index);
			if (index % 256 === 255) {
				await new Promise(resolve => {
					setTimeout(resolve, 50);
				});
			}
		}

		const answers: Record<string, Array<{status: number; ms: number}>> = {health: [], search: [], ingest: []};
		let peakDescriptors = 0;
		let peakHeld = 0;
		const until = performance.now() + ((options.seconds ?? 20) * 1000);
		for (let round = 0; performance.now() < until; round++) {
			answers.health!.push(await ask(port, 'GET', '/health', {}));
			if (round % 5 === 0) {
				answers.search!.push(await ask(port, 'POST', '/search', owner, {query: 'compost', mode: 'keyword', collection: 'notes'}));
				answers.ingest!.push(await ask(port, 'POST', '/ingest', owner, {content: `# Round ${round}\n\nCompost round ${round}.\n`, file_name: `r${round}.md`, collection: 'notes'}));
			}

			peakDescriptors = Math.max(peakDescriptors, descriptors(daemon.pid));
			peakHeld = Math.max(peakHeld, slow.heldNow);
		}

		for (const [what, seen] of Object.entries(answers)) {
			const failed = seen.filter(answer => answer.status !== 200);
			tally.check(finding, `${what} answers while slow sockets press on every connection`, failed.length === 0, `${failed.length} of ${seen.length}: ${failed.slice(0, 5).map(answer => answer.status).join(', ')}`);
		}

		tally.check(finding, 'the daemon\'s open descriptors stay below its limit', peakDescriptors < maxOpenFiles, `${peakDescriptors} of ${maxOpenFiles}`);
		tally.check(finding, 'the daemon is alive', !daemon.crashed() && (await ask(port, 'GET', '/health', {})).status === 200, daemon.log().slice(-500));
		const health = answers.health!.map(answer => answer.ms);
		tally.note(`connections: ${sockets} slow sockets from as many loopback addresses against a daemon that may open ${maxOpenFiles} files: at most ${peakHeld} held at once, `
			+ `${slow.counts.closedByDaemon} closed by the daemon to make room, ${slow.counts.answered} refused with an answer; the daemon's descriptors peaked at ${peakDescriptors}; `
			+ `/health p50 ${percentile(health, 50).toFixed(0)} ms, max ${Math.max(...health).toFixed(0)} ms over ${health.length}; ${answers.search!.length} searches and ${answers.ingest!.length} ingests`);
	} finally {
		slow.stop();
		await daemon.stop();
		rmSync(daemon.home, {recursive: true, force: true});
	}
}
