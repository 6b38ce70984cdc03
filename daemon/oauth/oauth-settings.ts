// When OAuth is on, how long its tokens live and what its open endpoints allow, from the daemon's environment
// (checked at start).
import type {BudgetLimits} from '../http/address-budget.js';

export type OAuthLimits = {
	/** MD_VECTOR_OAUTH_RATE_LIMIT (default 120): requests a minute per address group to the OAuth endpoints; 5 times that from everyone. */
	readonly requests: BudgetLimits;
	/** MD_VECTOR_OAUTH_REGISTRATIONS (default 20): registrations an hour per address group; 3 times that from everyone. */
	readonly registrations: BudgetLimits;
};

export type OAuthSettings = {
	/** MD_VECTOR_MCP_OAUTH (default 1): /mcp and /sse need a credential, and an assistant may sign in with OAuth. */
	readonly enabled: boolean;
	/** MD_VECTOR_OAUTH_ACCESS_TTL_S (default 3600): an access token's lifetime. */
	readonly accessTtlS: number;
	/** A refresh token's lifetime (30 days); each use replaces it with a new one. */
	readonly refreshTtlS: number;
	readonly limits: OAuthLimits;
};

function count(env: NodeJS.ProcessEnv, variable: string, fallback: number, what: string): number {
	const value = env[variable] === undefined ? fallback : Number(env[variable]);
	if (!Number.isInteger(value) || value < 1) {
		throw new Error(`${variable} must be a whole number of ${what} (at least 1), got '${env[variable]}'`);
	}

	return value;
}

export function oauthSettings(env: NodeJS.ProcessEnv): OAuthSettings {
	const flag = env.MD_VECTOR_MCP_OAUTH ?? '1';
	if (flag !== '0' && flag !== '1') {
		throw new Error(`MD_VECTOR_MCP_OAUTH must be 1 (assistants sign in with OAuth; /mcp needs a credential) or 0 (off), got '${flag}'`);
	}

	const ttl = env.MD_VECTOR_OAUTH_ACCESS_TTL_S === undefined ? 3600 : Number(env.MD_VECTOR_OAUTH_ACCESS_TTL_S);
	if (!Number.isInteger(ttl) || ttl < 1 || ttl > 86_400) {
		throw new Error(`MD_VECTOR_OAUTH_ACCESS_TTL_S must be a whole number of seconds from 1 to 86400, got '${env.MD_VECTOR_OAUTH_ACCESS_TTL_S}'`);
	}

	const requests = count(env, 'MD_VECTOR_OAUTH_RATE_LIMIT', 120, 'requests per minute');
	const registrations = count(env, 'MD_VECTOR_OAUTH_REGISTRATIONS', 20, 'registrations per hour');
	return {
		enabled: flag === '1', accessTtlS: ttl, refreshTtlS: 30 * 24 * 3600,
		limits: {
			requests: {points: requests, durationSeconds: 60, globalPoints: requests * 5},
			registrations: {points: registrations, durationSeconds: 3600, globalPoints: registrations * 3},
		},
	};
}
