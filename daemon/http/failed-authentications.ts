import {RateLimiterMemory} from 'rate-limiter-flexible';
import {HttpError} from './http-error.js';

/**
 * Failed authentications per source address. Past the limit, a request from that address that carries a
 * guessable credential gets 429 before the credential is checked: a right guess then looks like a wrong one,
 * so keys cannot be guessed faster than the limit. On even with MD_VECTOR_RATE_LIMIT=0 (that setting trusts
 * local use, not guessing).
 */
export class FailedAuthentications {
	private readonly limiter: RateLimiterMemory;

	constructor(readonly points = 30, readonly durationSeconds = 60) {
		this.limiter = new RateLimiterMemory({points, duration: durationSeconds});
	}

	/** 429 when the address used up its failures in this window. */
	async refuseIfBlocked(address: string): Promise<void> {
		const state = await this.limiter.get(address);
		if (state && state.consumedPoints >= this.points) {
			const retry = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
			throw new HttpError(429, 'rate_limited', `too many failed authentications from ${address}: at most ${this.points} per ${this.durationSeconds} s; retry in ${retry} s`, {'Retry-After': String(retry)});
		}
	}

	async record(address: string): Promise<void> {
		await this.limiter.penalty(address, 1);
	}
}
