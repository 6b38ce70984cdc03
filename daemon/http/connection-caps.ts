// Connections the daemon holds open, capped per address group (party.ts: every loopback address together) and
// in all, below the process's file-descriptor limit with descriptors kept in reserve for the store, the model,
// index files and users' files. 20,000 sockets that each sent half a header (or nothing) held every descriptor
// before: /health, search and ingest could not connect. Now a connection that waits (no request under way: its
// headers not yet complete, or idle between requests) is the first to go when a new one needs its place, so a
// client that sends a request at once gets in; and one whose headers take longer than headersTimeout is closed.
import {readFileSync} from 'node:fs';
import type {IncomingMessage, Server, ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import {addressGroup} from './party.js';

export type ConnectionLimits = {
	/** MD_VECTOR_CONNECTIONS (default 1024): connections open at once, every address together. */
	readonly total: number;
	/** MD_VECTOR_CONNECTIONS_PER_ADDRESS (default 512): connections of one address group. */
	readonly perAddress: number;
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
	return {total, perAddress: Math.min(configured.perAddress, total), lowered: total < configured.total};
}

type Held = {readonly socket: Socket; readonly group: string; inFlight: number};

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
			this.refuse(socket, 429, `too many connections from ${group === 'loopback' ? 'loopback addresses' : group}: at most ${this.limits.perAddress} at once (MD_VECTOR_CONNECTIONS_PER_ADDRESS), all of them busy; retry`);
			return;
		}

		if (this.open >= this.limits.total && !this.evict()) {
			this.refuse(socket, 503, `too many connections: at most ${this.limits.total} at once (MD_VECTOR_CONNECTIONS), all of them busy; retry`);
			return;
		}

		const held: Held = {socket, group, inFlight: 0};
		this.waiting.set(socket, held);
		this.groups.set(group, (this.groups.get(group) ?? 0) + 1);
		socket.once('close', () => {
			this.forget(socket);
		});
	}

	/** Closes the connection that has waited longest (of `group`, or of any); false when none waits. */
	private evict(group?: string): boolean {
		for (const [socket, held] of this.waiting) {
			if (group === undefined || held.group === group) {
				this.forget(socket);
				socket.destroy();
				this.counts.evicted++;
				return true;
			}
		}

		return false;
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
		if (!socket.destroyed) {
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
