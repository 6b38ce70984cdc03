import {AddressBudget, budgetSays, type BudgetLimits} from './address-budget.js';
import {HttpError} from './http-error.js';

/** 30 per minute per address group, 300 per minute from all addresses together. */
export const defaultFailedAuthentications: BudgetLimits = {points: 30, durationSeconds: 60, globalPoints: 300};

/**
 * Failed authentications per address group (every loopback address together: request-source.ts) and over all addresses
 * together. Past either limit, a request that carries a guessable credential gets 429 before the credential is
 * checked: a right guess then looks like a wrong one, so keys cannot be guessed faster than the limit, from one
 * address or from many. On even with MD_VECTOR_RATE_LIMIT=0 (that setting trusts local use, not guessing). The
 * local token is not throttled: it is not guessable, and the owner keeps their own commands when it is spent.
 */
export class FailedAuthentications {
	private readonly budget: AddressBudget;

	constructor(readonly points = defaultFailedAuthentications.points, readonly durationSeconds = defaultFailedAuthentications.durationSeconds, readonly globalPoints = points * 10) {
		this.budget = new AddressBudget({points, durationSeconds, globalPoints});
	}

	/** 429 when the address's group, or everyone, used up its failures in this window. */
	async refuseIfBlocked(address: string): Promise<void> {
		const exhausted = await this.budget.exhausted(address);
		if (exhausted) {
			throw new HttpError(429, 'rate_limited', budgetSays(exhausted, address, 'failed authentications', this.durationSeconds), {'Retry-After': String(exhausted.retryS)});
		}
	}

	async record(address: string): Promise<void> {
		await this.budget.spend(address);
	}
}
