import type {Request, RequestHandler} from 'express';
import {RateLimiterMemory, RateLimiterRes} from 'rate-limiter-flexible';
import {presentedKey} from './auth.js';
import {HttpError} from './http-error.js';

export type RateLimit = {
	/** Requests allowed per window; 0 turns the limit off (trusted local use). */
	readonly points: number;
	readonly durationSeconds: number;
};

export const defaultRateLimit: RateLimit = {points: 30, durationSeconds: 60};

/**
 * Per client (its API key, else its address): over the limit is 429 with Retry-After and RateLimit-* headers.
 * The user's own md-vector programs prove who they are with the discovery record's local token (readable by
 * that user only) and are not limited: a TUI searching as you type is trusted local use, not abuse.
 */
export function rateLimit(limit: RateLimit, isLocalUser: (request: Request) => boolean = () => false): RequestHandler {
	if (limit.points <= 0) {
		return (_request, _response, next) => {
			next();
		};
	}

	const limiter = new RateLimiterMemory({points: limit.points, duration: limit.durationSeconds});
	return async (request, response, next) => {
		if (isLocalUser(request)) {
			next();
			return;
		}

		const key = presentedKey(request.headers);
		const client = key ? `key:${key}` : `ip:${request.socket.remoteAddress ?? 'unknown'}`;
		try {
			const state = await limiter.consume(client);
			response.set(headers(limit, state));
			next();
		} catch (error) {
			if (error instanceof RateLimiterRes) {
				const retry = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
				throw new HttpError(429, 'rate_limited', `too many requests: at most ${limit.points} per ${limit.durationSeconds} s; retry in ${retry} s`, {...headers(limit, error), 'Retry-After': String(retry)});
			}

			throw error;
		}
	};
}

function headers(limit: RateLimit, state: RateLimiterRes): Record<string, string> {
	return {
		'RateLimit-Limit': String(limit.points),
		'RateLimit-Remaining': String(Math.max(0, state.remainingPoints)),
		'RateLimit-Reset': String(Math.max(0, Math.ceil(state.msBeforeNext / 1000))),
	};
}
