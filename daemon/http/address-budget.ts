import {RateLimiterMemory, RateLimiterRes} from 'rate-limiter-flexible';
import {addressGroup} from './request-source.js';

/** A budget: `points` in each window of `durationSeconds`, per address group and for all of them together. */
export type BudgetLimits = {readonly points: number; readonly durationSeconds: number; readonly globalPoints: number};

/** Which budget ran out, and when it has room again. */
export type Exhausted = {readonly scope: 'address' | 'everyone'; readonly retryS: number; readonly limit: number};

/**
 * A budget that cannot be split: counted per address group (request-source.ts: every loopback address together, an IPv6
 * /64 together), and over every address at once, so that many addresses (127.0.9.2, 127.0.9.3, ...; a botnet)
 * cannot add up more than the global figure either.
 */
export class AddressBudget {
	private readonly perGroup: RateLimiterMemory;
	private readonly everyone: RateLimiterMemory;

	constructor(readonly limits: BudgetLimits) {
		this.perGroup = new RateLimiterMemory({points: limits.points, duration: limits.durationSeconds});
		this.everyone = new RateLimiterMemory({points: limits.globalPoints, duration: limits.durationSeconds});
	}

	/** Whether the address's group, or everyone, used up the budget in this window (nothing is spent). */
	async exhausted(address: string | undefined): Promise<Exhausted | undefined> {
		const [group, all] = await Promise.all([this.perGroup.get(addressGroup(address)), this.everyone.get('*')]);
		if (group && group.consumedPoints >= this.limits.points) {
			return {scope: 'address', retryS: retryOf(group), limit: this.limits.points};
		}

		if (all && all.consumedPoints >= this.limits.globalPoints) {
			return {scope: 'everyone', retryS: retryOf(all), limit: this.limits.globalPoints};
		}

		return undefined;
	}

	/** Counts one against both (a failure that happened: never refused). */
	async spend(address: string | undefined): Promise<void> {
		await Promise.all([this.perGroup.penalty(addressGroup(address), 1), this.everyone.penalty('*', 1)]);
	}

	/** Takes one from both, or answers which ran out (then nothing is taken). */
	async take(address: string | undefined): Promise<Exhausted | undefined> {
		const exhausted = await this.exhausted(address);
		if (exhausted) {
			return exhausted;
		}

		try {
			await this.perGroup.consume(addressGroup(address));
			await this.everyone.consume('*');
			return undefined;
		} catch (error) {
			if (error instanceof RateLimiterRes) {
				return {scope: 'address', retryS: retryOf(error), limit: this.limits.points};
			}

			throw error;
		}
	}
}

const retryOf = (state: RateLimiterRes) => Math.max(1, Math.ceil(state.msBeforeNext / 1000));

/** How a refusal names the budget: this address (and every loopback one with it), or everyone's. */
export function budgetSays(exhausted: Exhausted, address: string | undefined, what: string, durationSeconds: number): string {
	const group = addressGroup(address);
	const whose = exhausted.scope === 'everyone'
		? `from all addresses together: at most ${exhausted.limit}`
		: `from ${group === 'loopback' ? 'loopback addresses (all of 127.0.0.0/8 and ::1 count as one)' : (group.endsWith('/64') ? `the network ${group}` : address ?? 'this address')}: at most ${exhausted.limit}`;
	return `too many ${what} ${whose} per ${durationSeconds} s; retry in ${exhausted.retryS} s`;
}
