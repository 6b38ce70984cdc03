// Authorization codes between the consent page and the token endpoint: in memory, as hashes, used once, valid
// for 5 minutes (RFC 6749 recommends at most 10).
import {hashSecret, newToken} from './secrets.js';

export type CodeGrant = {
	readonly clientId: string;
	readonly label: string;
	readonly scopes: readonly string[];
	readonly codeChallenge: string;
	readonly redirectUri: string;
	readonly resource?: string;
	readonly expiresAtMs: number;
};

const lifetimeMs = 5 * 60 * 1000;

export class AuthorizationCodes {
	private readonly codes = new Map<string, CodeGrant>();

	private readonly nowMs: () => number;

	constructor(nowMs: () => number) {
		this.nowMs = nowMs;
	}

	issue(grant: Omit<CodeGrant, 'expiresAtMs'>): string {
		const code = newToken('code');
		for (const [hash, entry] of this.codes) {
			if (entry.expiresAtMs <= this.nowMs()) {
				this.codes.delete(hash);
			}
		}

		this.codes.set(hashSecret(code), {...grant, expiresAtMs: this.nowMs() + lifetimeMs});
		return code;
	}

	peek(code: string): CodeGrant | undefined {
		const entry = this.codes.get(hashSecret(code));
		return entry && entry.expiresAtMs > this.nowMs() ? entry : undefined;
	}

	take(code: string): CodeGrant | undefined {
		const entry = this.peek(code);
		this.codes.delete(hashSecret(code));
		return entry;
	}
}
