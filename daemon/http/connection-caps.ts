// Connections the daemon holds open, capped per address group (request-source.ts: every loopback address together) and
// in all, below the process's file-descriptor limit with descriptors kept in reserve for the store, the model,
// index files and users' files. 20,000 sockets that each sent half a header (or nothing) held every descriptor
// before: /health, search and ingest could not connect. Now a connection without a request under way makes room
// for a new one, in this order: one that began a request and has not finished its headers (the slow-header
// shape), then one silent since it opened, then one idle after its requests; the last two only once they have
// waited graceMs, so a new client's request is read before it can be closed (sockets reconnecting ~1,700 times a
// second closed legitimate ones before the loaded daemon had parsed their headers). With none to close, the new
// connection is told why; headers that take longer than headersTimeout are closed.
import {readFileSync} from 'node:fs';
import type {IncomingMessage, Server, ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import {addressGroup} from './request-source.js';

export type ConnectionLimits = {
	/** MD_VECTOR_CONNECTIONS (default 1024): connections open at once, every address together. */
	readonly total: number;
	/** MD_VECTOR_CONNECTIONS_PER_ADDRESS (default 512): connections of one address group. */
	readonly perAddress: number;
	/** How long a connection without a request begun (silent, or idle after its requests) is kept before it may make room (default 1 s). */
	readonly graceMs?: number;
};

export const defaultConnectionLimits: ConnectionLimits = {total: 1024, perAddress: 512};

/** How long a request's headers may take (Node's default, 60 s, let slow sockets pile up). */
export const headersTimeoutMs = 10_000;

/** The process's limit of open files (the soft one), from /proc; 1024 (the usual default) when it cannot be read. */
export function openFileLimit(): number {
	try {
		const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
		return match?.[1] === undefined || match[1] === 'unlimited' ? 1_048_576 : Number(match[1]);
	} catch {
		return 1024;
	}
}

/** Descriptors never given to connections: a fifth of the limit, at least 128. */
export const descriptorReserve = (limit: number) => Math.max(128, Math.floor(limit / 5));

/** The limits in force: the configured total, lowered to what the descriptor limit leaves after its reserve. */
export function effectiveLimits(configured: ConnectionLimits, fileLimit = openFileLimit()): ConnectionLimits & {lowered: boolean} {
	const room = Math.max(16, fileLimit - descriptorReserve(fileLimit));
	const total = Math.min(configured.total, room);
	return {...configured, total, perAddress: Math.min(configured.perAddress, total), lowered: total < configured.total};
}

/** A connection: `since` is when it began to wait (opened, or its last request ended), `readAtWait` its bytes read then. */
type Held = {readonly socket: Socket; readonly group: string; inFlight: number; served: number; since: number; readAtWait: number};

export const defaultGraceMs = 1000;

const refusal = (status: 429 | 503, message: string) => {
	const body = JSON.stringify({error: {code: 'too_many_connections', message}});
	return `HTTP/1.1 ${status} ${status === 429 ? 'Too Many Requests' : 'Service Unavailable'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`;
};

/** Counts a server's connections and keeps them within the limits (attach once, before it listens). */
export class ConnectionCaps {
	/** Connections by socket, in the order they last began to wait (oldest first): a Map keeps insertion order. */
	private readonly waiting = new Map<Socket, Held>();
	private readonly busy = new Map<Socket, Held>();
	private readonly groups = new Map<string, number>();
	/** Connections refused and waiting ones closed to make room, since the start. */
	readonly counts = {refused: 0, evicted: 0};
	private closing = false;

	constructor(readonly limits: ConnectionLimits) {
		// Fields only.
	}

	get open(): number {
		return this.waiting.size + this.busy.size;
	}

	/** Connections with a request under way. */
	get inUse(): number {
		return this.busy.size;
	}

	attach(server: Server): void {
		server.headersTimeout = headersTimeoutMs;
		server.on('connection', (socket: Socket) => {
			this.admit(socket);
		});
		server.on('request', (request: IncomingMessage, response: ServerResponse) => {
			this.began(request.socket);
			response.once('close', () => {
				this.ended(request.socket);
			});
		});
	}

	private admit(socket: Socket): void {
		const group = addressGroup(socket.remoteAddress);
		const mine = this.groups.get(group) ?? 0;
		if (mine >= this.limits.perAddress && !this.evict(group)) {
			this.refuse(socket, 429, `too many connections from ${group === 'loopback' ? 'loopback addresses' : group}: at most ${this.limits.perAddress} at once (MD_VECTOR_CONNECTIONS_PER_ADDRESS), all of them busy or just opened; retry`);
			return;
		}

		if (this.open >= this.limits.total && !this.evict()) {
			this.refuse(socket, 503, `too many connections: at most ${this.limits.total} at once (MD_VECTOR_CONNECTIONS), all of them busy or just opened; retry`);
			return;
		}

		const held: Held = {socket, group, inFlight: 0, served: 0, since: performance.now(), readAtWait: 0};
		this.waiting.set(socket, held);
		this.groups.set(group, (this.groups.get(group) ?? 0) + 1);
		socket.once('close', () => {
			this.forget(socket);
		});
	}

	/** Connections waiting with a request begun and its headers unfinished. */
	get halfSent(): number {
		let count = 0;
		for (const [socket, held] of this.waiting) {
			count += socket.bytesRead > held.readAtWait ? 1 : 0;
		}

		return count;
	}

	/**
	 * Closes one waiting connection (of `group`, or of any) to make room: the oldest whose request has begun and
	 * not reached the end of its headers, else the oldest silent one, else the oldest idle one, those two only
	 * after graceMs. False when none may go.
	 */
	private evict(group?: string): boolean {
		const oldest = performance.now() - (this.limits.graceMs ?? defaultGraceMs);
		let silent: Socket | undefined;
		let idle: Socket | undefined;
		for (const [socket, held] of this.waiting) {
			if (group !== undefined && held.group !== group) {
				continue;
			}

			if (socket.bytesRead > held.readAtWait) {
				this.close(socket);
				return true;
			}

			if (held.since <= oldest) {
				if (held.served === 0) {
					silent ??= socket;
				} else {
					idle ??= socket;
				}
			}
		}

		const chosen = silent ?? idle;
		if (chosen) {
			this.close(chosen);
		}

		return chosen !== undefined;
	}

	private close(socket: Socket): void {
		this.forget(socket);
		socket.destroy();
		this.counts.evicted++;
	}

	/**
	 * The server stops listening: connections without a request under way are closed now, the others when their
	 * request ends. (Closing stops Node's header timeout: a connection trickling half a header kept the server,
	 * and the daemon's stop, waiting for ever.)
	 */
	closeWaiting(): void {
		this.closing = true;
		for (const socket of this.waiting.keys()) {
			this.forget(socket);
			socket.destroy();
		}
	}

	private refuse(socket: Socket, status: 429 | 503, message: string): void {
		this.counts.refused++;
		socket.on('error', () => undefined); // a reset while the answer goes out is the client's business
		socket.end(refusal(status, message));
		setTimeout(() => socket.destroy(), 1000).unref();
	}

	private began(socket: Socket): void {
		const held = this.waiting.get(socket) ?? this.busy.get(socket);
		if (!held) {
			return;
		}

		held.inFlight++;
		this.waiting.delete(socket);
		this.busy.set(socket, held);
	}

	private ended(socket: Socket): void {
		const held = this.busy.get(socket);
		if (!held || --held.inFlight > 0) {
			return;
		}

		this.busy.delete(socket);
		if (this.closing) {
			this.forget(socket);
			socket.end();
		} else if (!socket.destroyed) {
			held.served++;
			held.since = performance.now();
			held.readAtWait = socket.bytesRead;
			this.waiting.set(socket, held); // at the end of the line: it has waited the least
		}
	}

	private forget(socket: Socket): void {
		const held = this.waiting.get(socket) ?? this.busy.get(socket);
		if (!held) {
			return;
		}

		this.waiting.delete(socket);
		this.busy.delete(socket);
		const left = (this.groups.get(held.group) ?? 1) - 1;
		if (left === 0) {
			this.groups.delete(held.group);
		} else {
			this.groups.set(held.group, left);
		}
	}
}
