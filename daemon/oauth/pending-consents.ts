// Authorization requests waiting for the owner's decision on the consent page, in memory: a request is answered
// once (Allow or Deny), and expires after 10 minutes. Once the owner has signed in for a request, its consent form
// carries a proof (a secret bound to that request alone, stored as a hash): it is the form's CSRF token too, since
// another page can neither read nor guess it. No cookie: nothing another local port could receive.
import type {AuthorizationParams} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type {OAuthClientInformationFull} from '@modelcontextprotocol/sdk/shared/auth.js';
import {hashSecret, newSecret, sameSecret} from './secrets.js';

export type PendingConsent = {
	readonly id: string;
	readonly client: OAuthClientInformationFull;
	readonly params: AuthorizationParams;
	readonly expiresAtMs: number;
};

const lifetimeMs = 10 * 60 * 1000;
const most = 50;

export class PendingConsents {
	private readonly pending = new Map<string, PendingConsent>();
	private readonly proofs = new Map<string, string>();

	private readonly nowMs: () => number;

	constructor(nowMs: () => number) {
		this.nowMs = nowMs;
	}

	add(client: OAuthClientInformationFull, parameters: AuthorizationParams): PendingConsent {
		this.prune();
		if (this.pending.size >= most) {
			const oldest = this.pending.keys().next().value!;
			this.pending.delete(oldest);
			this.proofs.delete(oldest);
		}

		const request = {id: newSecret(16), client, params: parameters, expiresAtMs: this.nowMs() + lifetimeMs};
		this.pending.set(request.id, request);
		return request;
	}

	get(id: string): PendingConsent | undefined {
		this.prune();
		return this.pending.get(id);
	}

	/** Answered: it can be neither approved nor denied again. */
	take(id: string): PendingConsent | undefined {
		const request = this.get(id);
		this.pending.delete(id);
		this.proofs.delete(id);
		return request;
	}

	/** The newest request still waiting (a sign-in link made in a terminal leads to it). */
	newest(): PendingConsent | undefined {
		this.prune();
		return [...this.pending.values()].at(-1);
	}

	/** The owner signed in for this request: a new proof for its consent form (an earlier one stops working). */
	prove(id: string): string {
		const proof = newSecret();
		this.proofs.set(id, hashSecret(proof));
		return proof;
	}

	hasProof(id: string, presented: string): boolean {
		const expected = this.proofs.get(id);
		return expected !== undefined && sameSecret(expected, hashSecret(presented));
	}

	private prune(): void {
		const now = this.nowMs();
		for (const [id, request] of this.pending) {
			if (request.expiresAtMs <= now) {
				this.pending.delete(id);
				this.proofs.delete(id);
			}
		}
	}
}
