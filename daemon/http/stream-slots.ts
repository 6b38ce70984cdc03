// Long-lived answers (GET /watch/events, GET /jobs/{id}/events, the MCP SSE stream at /sse) hold a connection,
// memory and, for a watch, followers of folders, for as long as the client keeps them open. Each takes a slot
// while it is open: at most `perClient` per caller and `total` in all (MD_VECTOR_STREAMS_PER_CLIENT, 8, and
// MD_VECTOR_STREAMS, 64); beyond, 429 with Retry-After. A slot is given back when its connection closes.
import type {Response} from 'express';
import type {Authentication} from './authentication.js';
import {HttpError} from './http-error.js';

export type StreamLimits = {
	/** Streams one caller may hold open at once. */
	readonly perClient: number;
	/** Streams the daemon holds open at once, every caller together. */
	readonly total: number;
};

export const defaultStreamLimits: StreamLimits = {perClient: 8, total: 64};

/** A stream frees its slot when its client closes it: no schedule says when, so a guess to try again. */
const retryAfterS = 10;

/** Whose slots a stream takes: a client by its credential; the owner by how it proved itself. */
const holderOf = (authentication: Authentication | undefined) => (authentication?.kind === 'client' ? `client:${authentication.via}:${authentication.label}` : `owner:${authentication?.kind === 'owner' ? authentication.via : 'none'}`);

export class StreamSlots {
	private open = 0;
	private readonly held = new Map<string, number>();

	constructor(readonly limits: StreamLimits = defaultStreamLimits) {
		// Fields only.
	}

	/** Streams open now. */
	get size(): number {
		return this.open;
	}

	/** Takes a slot for this response's stream until it closes; 429 when the caller's or the daemon's are all taken. */
	take(response: Response, what: string): void {
		const holder = holderOf(response.locals.authentication);
		const mine = this.held.get(holder) ?? 0;
		if (mine >= this.limits.perClient || this.open >= this.limits.total) {
			const which = mine >= this.limits.perClient ? `${this.limits.perClient} per client (MD_VECTOR_STREAMS_PER_CLIENT)` : `${this.limits.total} in all (MD_VECTOR_STREAMS)`;
			throw new HttpError(429, 'too_many_streams', `too many open streams: at most ${which}; close one of yours and try again (${what})`, {'Retry-After': String(retryAfterS)});
		}

		this.open++;
		this.held.set(holder, mine + 1);
		let released = false;
		response.once('close', () => {
			if (released) {
				return;
			}

			released = true;
			this.open--;
			const left = (this.held.get(holder) ?? 1) - 1;
			if (left === 0) {
				this.held.delete(holder);
			} else {
				this.held.set(holder, left);
			}
		});
	}
}

/** MD_VECTOR_STREAMS_PER_CLIENT and MD_VECTOR_STREAMS, checked at start. */
export function streamLimits(env: NodeJS.ProcessEnv): StreamLimits {
	const read = (variable: string, fallback: number) => {
		const value = env[variable] === undefined || env[variable] === '' ? fallback : Number(env[variable]);
		if (!Number.isInteger(value) || value < 1 || value > 100_000) {
			throw new Error(`${variable} must be a whole number of streams from 1 to 100000, got '${env[variable]}'`);
		}

		return value;
	};

	return {perClient: read('MD_VECTOR_STREAMS_PER_CLIENT', defaultStreamLimits.perClient), total: read('MD_VECTOR_STREAMS', defaultStreamLimits.total)};
}
