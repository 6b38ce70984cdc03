import type {RequestHandler} from 'express';
import {RateLimiterMemory, RateLimiterRes} from 'rate-limiter-flexible';
import type {Authentication} from './authentication.js';
import {addressOf} from './authenticate.js';
import {HttpError} from './http-error.js';
import {addressGroup, requestSourceOf} from './request-source.js';

export type RateLimit = {
	/** Requests allowed per window; 0 turns the limit off (trusted local use). */
	readonly points: number;
	readonly durationSeconds: number;
	/** What sets it, for the 429's message (the setting, its variable). */
	readonly setting?: string;
};

export const defaultRateLimit: RateLimit = {points: 30, durationSeconds: 60};

/** MD_VECTOR_MCP_RATE_LIMIT: an assistant on this machine with a proven credential, on the MCP endpoints. */
export const defaultAssistantRateLimit: RateLimit = {points: 600, durationSeconds: 60};

/** Whose budget a request spends (undefined: none, it is not limited). */
type BucketOf = (authentication: Authentication | undefined, address: string) => string | undefined;

/**
 * Whose budget a request spends: a proven caller's own; anyone else's (no key, an unknown key) their address
 * group's (every loopback address together: request-source.ts), so neither a new random key nor a new loopback address
 * per request gains anything. The user's own md-vector programs (local token, readable by
 * that user only) spend none: a TUI searching as you type is trusted local use, not abuse.
 */
const bucketOf: BucketOf = (authentication, address) => {
	if (authentication?.kind === 'client') {
		return `client:${authentication.via}:${authentication.label}`;
	}

	if (authentication?.kind === 'owner' && authentication.via !== 'loopback') {
		return authentication.via === 'api-key' ? 'owner' : undefined;
	}

	return `address:${addressGroup(address)}`;
};

/** Over the limit: 429 with Retry-After and RateLimit-* headers. Mounted after authentication. */
export function rateLimit(limit: RateLimit, bucketFor: BucketOf = bucketOf): RequestHandler {
	if (limit.points <= 0) {
		return (_request, _response, next) => {
			next();
		};
	}

	const limiter = new RateLimiterMemory({points: limit.points, duration: limit.durationSeconds});
	return async (request, response, next) => {
		const bucket = bucketFor(response.locals.authentication, addressOf(request));
		if (bucket === undefined) {
			next();
			return;
		}

		try {
			const state = await limiter.consume(bucket);
			response.set(headers(limit, state));
			next();
		} catch (error) {
			if (error instanceof RateLimiterRes) {
				const retry = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
				const raise = limit.setting ? `; to raise it: ${limit.setting}, then md-vector restart (0 turns it off)` : '';
				throw new HttpError(429, 'rate_limited', `too many requests: at most ${limit.points} per ${limit.durationSeconds} s; retry in ${retry} s${raise}`, {...headers(limit, error), 'Retry-After': String(retry)});
			}

			throw error;
		}
	};
}

/** An assistant's own credential: the owner's (local token of `md-vector mcp`, API key) or an OAuth sign-in. */
const assistantBucket: BucketOf = authentication => (authentication?.kind === 'client' ? `client:${authentication.via}:${authentication.label}` : `owner:${authentication?.kind === 'owner' ? authentication.via : 'none'}`);

/**
 * The MCP endpoints' limit. An assistant on this machine that proved the owner's credential or signed in with
 * OAuth has a limit of its own, higher (`assistant`): an assistant searches in bursts, and the owner's own
 * `md-vector mcp` bridge is an assistant too. Every other caller (clients.json keys, other machines, requests
 * without a credential) spends the same budget as on the REST API.
 */
export function mcpRateLimit(limit: RateLimit, assistant: RateLimit): RequestHandler {
	const others = rateLimit(limit);
	const assistants = rateLimit(assistant, assistantBucket);
	return async (request, response, next) => {
		const {authentication} = response.locals;
		const proven = (authentication?.kind === 'owner' && authentication.via !== 'loopback') || (authentication?.kind === 'client' && authentication.via === 'oauth');
		return proven && requestSourceOf(request, '').local ? assistants(request, response, next) : others(request, response, next);
	};
}

function headers(limit: RateLimit, state: RateLimiterRes): Record<string, string> {
	return {
		'RateLimit-Limit': String(limit.points),
		'RateLimit-Remaining': String(Math.max(0, state.remainingPoints)),
		'RateLimit-Reset': String(Math.max(0, Math.ceil(state.msBeforeNext / 1000))),
	};
}
