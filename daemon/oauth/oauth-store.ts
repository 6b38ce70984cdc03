// What OAuth sign-in leaves behind, in the data folder (oauth.json, readable by the owner only): the applications
// that registered (RFC 7591), the grants the owner approved, and the tokens issued, as SHA-256 hashes only.
// Every change is written before it is acknowledged; a file that does not parse stops the daemon (no guessing).
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {z} from 'zod';
import {oauthLabel} from '../../common/capabilities/oauth-labels.js';
import {writeJsonAtomic} from './atomic-json.js';

const registeredClient = z.object({
	client_id: z.string(), client_name: z.string().optional(), redirect_uris: z.array(z.string()), registered_at: z.number(),
});
const grant = z.object({
	label: z.string(), client_id: z.string(), client_name: z.string(),
	/** Permission identifiers the owner approved (search:default, collections:read). */
	permissions: z.array(z.string()),
	/** Collection names the grant is limited to; null: every collection, also those made later. */
	collections: z.array(z.string()).nullable(),
	granted_at: z.number(), last_used_at: z.number().optional(),
});
const token = z.object({
	hash: z.string(), kind: z.enum(['access', 'refresh']), label: z.string(), client_id: z.string(),
	scopes: z.array(z.string()), resource: z.string().optional(), expires_at: z.number(),
	/** A refresh token already exchanged (rotation): kept until it would have expired, so that a second use is seen. */
	rotated_at: z.number().optional(),
});
const stateSchema = z.object({version: z.literal(1), clients: z.array(registeredClient), grants: z.array(grant), tokens: z.array(token)});

export type RegisteredClient = z.infer<typeof registeredClient>;
export type OAuthGrant = z.infer<typeof grant>;
export type TokenRecord = z.infer<typeof token>;
type State = z.infer<typeof stateSchema>;

/** Registrations never approved are kept this long (an application that asks again registers again)... */
const unapprovedKeepS = 24 * 3600;
/** ...and at most this many (the oldest go first): anyone may register, and each change rewrites the file. */
const mostUnapproved = 1000;

export const oauthFile = (dataDir: string) => path.join(dataDir, 'oauth.json');

export class OAuthStore {
	private state: State;

	constructor(private readonly file: string, private readonly nowS: () => number, private readonly mostWaiting = mostUnapproved) {
		this.state = existsSync(file) ? parse(file) : {version: 1, clients: [], grants: [], tokens: []};
	}

	client(clientId: string): RegisteredClient | undefined {
		return this.state.clients.find(entry => entry.client_id === clientId);
	}

	addClient(client: RegisteredClient): void {
		this.change(state => {
			state.clients.push(client);
		});
	}

	grants(): readonly OAuthGrant[] {
		return this.state.grants;
	}

	grantOf(clientId: string): OAuthGrant | undefined {
		return this.state.grants.find(entry => entry.client_id === clientId);
	}

	grantNamed(label: string): OAuthGrant | undefined {
		return this.state.grants.find(entry => entry.label === label);
	}

	/** Adds or replaces the client's grant; a replaced grant's tokens stay valid only if issued under the new one. */
	saveGrant(next: OAuthGrant): void {
		this.change(state => {
			state.grants = [...state.grants.filter(entry => entry.client_id !== next.client_id), next];
		});
	}

	/** Removes a grant and every token issued under it; the registration stays, so the application can ask again. */
	revoke(label: string): boolean {
		const found = this.grantNamed(label);
		if (found) {
			this.change(state => {
				state.grants = state.grants.filter(entry => entry.label !== label);
				state.tokens = state.tokens.filter(entry => entry.label !== label);
			});
		}

		return found !== undefined;
	}

	/** A live token (not expired, and for a refresh token not yet exchanged). */
	token(hash: string, kind: TokenRecord['kind']): TokenRecord | undefined {
		const found = this.state.tokens.find(entry => entry.hash === hash && entry.kind === kind);
		return found && found.expires_at > this.nowS() && found.rotated_at === undefined ? found : undefined;
	}

	/** A refresh token that was exchanged already (and would still be valid otherwise): presented again, it was copied. */
	rotatedRefresh(hash: string): TokenRecord | undefined {
		const found = this.state.tokens.find(entry => entry.hash === hash && entry.kind === 'refresh');
		return found && found.expires_at > this.nowS() && found.rotated_at !== undefined ? found : undefined;
	}

	/** Removes tokens (revoked) and adds new ones, in one write. */
	replaceTokens(removedHashes: readonly string[], added: readonly TokenRecord[]): void {
		this.change(state => {
			state.tokens = [...state.tokens.filter(entry => !removedHashes.includes(entry.hash)), ...added];
		});
	}

	/** A refresh token exchanged for `added` (rotation): it stops working and is remembered as used, in one write. */
	rotate(refreshHash: string, added: readonly TokenRecord[]): void {
		this.change(state => {
			const rotatedAt = this.nowS();
			state.tokens = [...state.tokens.map(entry => (entry.hash === refreshHash && entry.kind === 'refresh' ? {...entry, rotated_at: rotatedAt} : entry)), ...added];
		});
	}

	/** Forgets every token of a label (a refresh token used twice: its family is treated as stolen). */
	dropTokensOf(label: string): void {
		this.change(state => {
			state.tokens = state.tokens.filter(entry => entry.label !== label);
		});
	}

	/** Notes when a grant was last used (in memory; written with the next change). */
	touch(label: string): void {
		const found = this.grantNamed(label);
		if (found) {
			found.last_used_at = this.nowS();
		}
	}

	private change(apply: (state: State) => void): void {
		const next = structuredClone(this.state);
		apply(next);
		const now = this.nowS();
		const approved = new Set(next.grants.map(entry => entry.client_id));
		next.tokens = next.tokens.filter(entry => entry.expires_at > now);
		next.clients = next.clients.filter(entry => approved.has(entry.client_id) || entry.registered_at > now - unapprovedKeepS);
		const waiting = next.clients.filter(entry => !approved.has(entry.client_id));
		const dropped = new Set(waiting.slice(0, Math.max(0, waiting.length - this.mostWaiting)).map(entry => entry.client_id));
		next.clients = next.clients.filter(entry => !dropped.has(entry.client_id));
		writeJsonAtomic(this.file, next); // before the state in memory changes: a failed write changes nothing
		this.state = next;
	}
}

function parse(file: string): State {
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
function inOAuthNamespace(state: State): State {
	const renamed = new Map(state.grants.map(entry => [entry.label, oauthLabel(entry.client_id)]));
	return {
		...state,
		grants: state.grants.map(entry => ({...entry, label: oauthLabel(entry.client_id)})),
		tokens: state.tokens.flatMap(entry => (renamed.has(entry.label) ? [{...entry, label: renamed.get(entry.label)!}] : [])),
	};
}
