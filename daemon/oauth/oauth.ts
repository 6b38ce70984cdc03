// OAuth sign-in for assistants, assembled: the state (oauth.sqlite), the SDK-backed authorization server, the
// consent pages, and what the rest of the daemon asks of it (is this an OAuth access token, and whose; where a
// 401 points a client at the metadata; sign-in links, listing and revoking for the owner).

import type {Request, RequestHandler} from 'express';
import type {Capability} from '../../common/access/validate-capabilities.js';
import {OAuthStore, oauthFile, type OAuthGrant} from './oauth-store.js';
import {OAuthProvider} from './oauth-provider.js';
import {PendingConsents} from './pending-consents.js';
import {SignInTickets} from './sign-in-tickets.js';
import {consentRoutes} from './consent-routes.js';
import {oauthRouter, resourceMetadataUrl} from './oauth-router.js';
import {oauthOrigin} from './oauth-origin.js';
import type {OAuthSettings} from './oauth-settings.js';
import {requestCode} from './consent-page.js';
import {grantCapability} from './grant-capability.js';
import {lookUpGrant, type GrantLookup} from './grant-lookup.js';

export type OAuthDeps = {
	readonly dataDir: string;
	readonly settings: OAuthSettings;
	readonly apiKey?: string;
	readonly collections: () => Promise<ReadonlyArray<{name: string; documents: number}>>;
	/** The clock (tests inject one to expire tokens without waiting). */
	readonly nowMs?: () => number;
};

export class OAuth {
	readonly settings: OAuthSettings;
	readonly store: OAuthStore;
	readonly provider: OAuthProvider;
	readonly pending: PendingConsents;
	readonly tickets: SignInTickets;
	readonly router: RequestHandler;

	constructor(deps: OAuthDeps) {
		const nowMs = deps.nowMs ?? Date.now;
		this.settings = deps.settings;
		this.store = new OAuthStore(oauthFile(deps.dataDir), () => Math.floor(nowMs() / 1000));
		this.pending = new PendingConsents(nowMs);
		this.tickets = new SignInTickets(nowMs);
		this.provider = new OAuthProvider(this.store, deps.settings, this.pending, nowMs);
		const consent = consentRoutes({provider: this.provider, store: this.store, pending: this.pending, tickets: this.tickets, apiKey: deps.apiKey, collections: deps.collections});
		this.router = oauthRouter(this.provider, consent);
	}

	/** The client behind a live access token: its label and the capability its grant is; undefined when not valid. */
	client(accessToken: string): {label: string; capability: Capability} | undefined {
		const record = this.provider.accessRecord(accessToken);
		const grant = record && this.store.grantNamed(record.label);
		if (!grant) {
			return undefined;
		}

		this.store.touch(grant.label);
		return {label: grant.label, capability: grantCapability(grant)};
	}

	/** Where a client learns how to sign in for an MCP endpoint (RFC 9728; sent in WWW-Authenticate with a 401). */
	resourceMetadata(request: Request, mcpPath: string): string | undefined {
		const origin = this.settings.enabled ? oauthOrigin(request) : undefined;
		return origin && resourceMetadataUrl(origin, mcpPath);
	}

	/** A one-time link that opens a waiting request's consent form, signed in (for the owner's own command). */
	signInLink(origin: string, requestId?: string): {url: string; client_name: string; code: string} | undefined {
		const request = requestId ? this.pending.get(requestId) : this.pending.newest();
		if (!request) {
			return undefined;
		}

		return {url: `${origin}/oauth/sign-in?ticket=${this.tickets.issue(request.id)}`, client_name: request.client.client_name ?? request.client.client_id, code: requestCode(request)};
	}

	grants(): readonly OAuthGrant[] {
		return this.store.grants();
	}

	/** Closes the state's database (the daemon is stopping). */
	close(): void {
		this.store.close();
	}

	/** Revokes the sign-in a label (or an application name only one sign-in has) names; what was found, as lookUpGrant says. */
	revoke(labelOrName: string): GrantLookup {
		const found = lookUpGrant(this.store.grants(), labelOrName);
		if (found && 'grant' in found) {
			this.store.revoke(found.grant.label);
		}

		return found;
	}
}

export {oauthFile} from './oauth-store.js';
