// One-time sign-in links: the owner's own `md-vector clients sign-in` (which holds the local token) asks the
// daemon for one; opening it proves, for one waiting request, that the person at the browser is the owner.
// A ticket works once and for 5 minutes; it is kept as a hash.
import {hashSecret, newSecret} from './secrets.js';

const lifetimeMs = 5 * 60 * 1000;

export class SignInTickets {
	private readonly tickets = new Map<string, {requestId: string; expiresAtMs: number}>();

	private readonly nowMs: () => number;

	constructor(nowMs: () => number) {
		this.nowMs = nowMs;
	}

	issue(requestId: string): string {
		const ticket = newSecret();
		this.tickets.set(hashSecret(ticket), {requestId, expiresAtMs: this.nowMs() + lifetimeMs});
		return ticket;
	}

	/** The request the ticket signs in for; the ticket is spent either way. */
	redeem(ticket: string): string | undefined {
		const hash = hashSecret(ticket);
		const entry = this.tickets.get(hash);
		this.tickets.delete(hash);
		return entry && entry.expiresAtMs > this.nowMs() ? entry.requestId : undefined;
	}
}
