// When OAuth is on and how long its tokens live, from the daemon's environment (checked at start).
export type OAuthSettings = {
	/** MD_VECTOR_MCP_OAUTH (default 1): /mcp and /sse need a credential, and an assistant may sign in with OAuth. */
	readonly enabled: boolean;
	/** MD_VECTOR_OAUTH_ACCESS_TTL_S (default 3600): an access token's lifetime. */
	readonly accessTtlS: number;
	/** A refresh token's lifetime (30 days); each use replaces it with a new one. */
	readonly refreshTtlS: number;
};

export function oauthSettings(env: NodeJS.ProcessEnv): OAuthSettings {
	const flag = env.MD_VECTOR_MCP_OAUTH ?? '1';
	if (flag !== '0' && flag !== '1') {
		throw new Error(`MD_VECTOR_MCP_OAUTH must be 1 (assistants sign in with OAuth; /mcp needs a credential) or 0 (off), got '${flag}'`);
	}

	const ttl = env.MD_VECTOR_OAUTH_ACCESS_TTL_S === undefined ? 3600 : Number(env.MD_VECTOR_OAUTH_ACCESS_TTL_S);
	if (!Number.isInteger(ttl) || ttl < 1 || ttl > 86_400) {
		throw new Error(`MD_VECTOR_OAUTH_ACCESS_TTL_S must be a whole number of seconds from 1 to 86400, got '${env.MD_VECTOR_OAUTH_ACCESS_TTL_S}'`);
	}

	return {enabled: flag === '1', accessTtlS: ttl, refreshTtlS: 30 * 24 * 3600};
}
