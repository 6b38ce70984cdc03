// The MCP endpoints' rate limit. An assistant on this machine that holds the owner's credential (the local token
// of `md-vector mcp`, or the API key) or an OAuth token has a limit of its own, higher (MD_VECTOR_MCP_RATE_LIMIT,
// 600 per minute by default): an assistant searches in bursts. Every other caller (clients.json keys, other
// machines, requests without a credential) has the spec's limit, 30 per 60 s by default.
import type {Request, RequestHandler} from 'express';
import {presentedKey} from '../http/auth.js';
import {partyOf} from '../http/authorize.js';
import {rateLimit, type RateLimit} from '../http/rate-limit.js';
import type {OAuth} from '../oauth/oauth.js';
import {isAccessToken, sameSecret} from '../oauth/secrets.js';

export type McpRateLimitDeps = {
	readonly rateLimit: RateLimit;
	readonly assistantRateLimit: RateLimit;
	readonly apiKey?: string;
	readonly isLocalUser?: (request: Request) => boolean;
	readonly oauth?: OAuth;
};

export const defaultAssistantPoints = 600;

/** MD_VECTOR_MCP_RATE_LIMIT: requests per minute for a loopback assistant with the owner's or an OAuth credential. */
export function assistantRateLimit(env: NodeJS.ProcessEnv): RateLimit {
	const points = env.MD_VECTOR_MCP_RATE_LIMIT === undefined ? defaultAssistantPoints : Number(env.MD_VECTOR_MCP_RATE_LIMIT);
	if (!Number.isInteger(points) || points < 0) {
		throw new Error(`MD_VECTOR_MCP_RATE_LIMIT must be a whole number of requests per minute (0 = no limit), got '${env.MD_VECTOR_MCP_RATE_LIMIT}'`);
	}

	return {points, durationSeconds: 60};
}

export function mcpRateLimit(deps: McpRateLimitDeps): RequestHandler {
	const standard = rateLimit(deps.rateLimit);
	const assistant = rateLimit(deps.assistantRateLimit);
	const isAssistant = (request: Request) => {
		if (!partyOf(request, '').local) {
			return false;
		}

		const key = presentedKey(request.headers);
		if (key && isAccessToken(key)) {
			return deps.oauth?.client(key) !== undefined;
		}

		return (deps.isLocalUser?.(request) ?? false) || (key !== undefined && deps.apiKey !== undefined && sameSecret(key, deps.apiKey));
	};

	return async (request, response, next) => (isAssistant(request) ? assistant(request, response, next) : standard(request, response, next));
}
