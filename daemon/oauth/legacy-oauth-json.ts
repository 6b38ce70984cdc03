// oauth.json, where OAuth sign-in state was kept before oauth.sqlite (the whole file rewritten on every change).
// Read once, when the daemon first opens oauth.sqlite beside it, into that; then renamed oauth.json.migrated. A
// file that does not parse stops the daemon, as it always did (no guessing: the owner restores or moves it).
import {readFileSync} from 'node:fs';
import {z} from 'zod';
import {oauthLabel} from '../../common/access/oauth-labels.js';

export const registeredClient = z.object({
	client_id: z.string(), client_name: z.string().optional(), redirect_uris: z.array(z.string()), registered_at: z.number(),
});
export const oauthGrant = z.object({
	label: z.string(), client_id: z.string(), client_name: z.string(),
	/** Permission identifiers the owner approved (search:default, collections:read). */
	permissions: z.array(z.string()),
	/** Collection names the grant is limited to; null: every collection, also those made later. */
	collections: z.array(z.string()).nullable(),
	granted_at: z.number(), last_used_at: z.number().optional(),
});
export const tokenRecord = z.object({
	hash: z.string(), kind: z.enum(['access', 'refresh']), label: z.string(), client_id: z.string(),
	scopes: z.array(z.string()), resource: z.string().optional(), expires_at: z.number(),
	/** A refresh token already exchanged (rotation): kept until it would have expired, so that a second use is seen. */
	rotated_at: z.number().optional(),
});
const stateSchema = z.object({version: z.literal(1), clients: z.array(registeredClient), grants: z.array(oauthGrant), tokens: z.array(tokenRecord)});

export type LegacyOAuthState = z.infer<typeof stateSchema>;

export function readLegacyOAuthJson(file: string): LegacyOAuthState {
	let json: unknown;
	try {
		json = JSON.parse(readFileSync(file, 'utf8'));
	} catch (error) {
		throw new Error(`${file} is not valid JSON (${(error as Error).message}); move it aside to forget every OAuth sign-in, or restore it`, {cause: error});
	}

	const parsed = stateSchema.safeParse(json);
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!;
		throw new Error(`${file}: $.${issue.path.join('.')}: ${issue.message}; move it aside to forget every OAuth sign-in, or restore it`);
	}

	return inOAuthNamespace(parsed.data);
}

/**
 * Grants written before OAuth labels had a namespace of their own were labelled by the application's chosen name;
 * they become `oauth:<client id>` (their tokens follow), so no capability file's glob can match them any more.
 */
function inOAuthNamespace(state: LegacyOAuthState): LegacyOAuthState {
	const renamed = new Map(state.grants.map(entry => [entry.label, oauthLabel(entry.client_id)]));
	return {
		...state,
		grants: state.grants.map(entry => ({...entry, label: oauthLabel(entry.client_id)})),
		tokens: state.tokens.flatMap(entry => (renamed.has(entry.label) ? [{...entry, label: renamed.get(entry.label)!}] : [])),
	};
}
