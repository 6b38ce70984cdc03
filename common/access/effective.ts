// Which capabilities apply to a request, and what they grant: the client's label must match one of a
// capability's `clients` globs (an OAuth client's label only exactly); a loopback request needs `local`, a
// request from a web page (Origin) or another machine needs one of `remote.urls`; `platforms` limits where it
// applies. Deny scopes win.
import {URLPattern} from 'urlpattern-polyfill';
import {capabilityGlobMatches} from './capability-globs.js';
import type {Capability, Permission} from './validate-capabilities.js';
import {namesClient} from './oauth-labels.js';

export type RequestSource = {
	/** The client's label: from its API key, or `oauth:<client id>` for an OAuth sign-in (oauth-labels.ts). */
	readonly client: string;
	/** Arrived over loopback without a foreign Origin. */
	readonly local: boolean;
	/** The Origin header, or `http://<peer address>` for another machine without one. */
	readonly origin?: string;
};

export const currentPlatform = (platform = process.platform) => (platform === 'darwin' ? 'macOS' : (platform === 'win32' ? 'windows' : platform));

export function applies(capability: Capability, source: RequestSource, platform = currentPlatform()): boolean {
	if (capability.platforms && !capability.platforms.includes(platform)) {
		return false;
	}

	if (!capability.clients.some(entry => namesClient(entry, source.client))) {
		return false;
	}

	if (source.local) {
		return capability.local;
	}

	return source.origin !== undefined && allowsOrigin(capability, source.origin);
}

/** Whether the capability's remote.urls match a request's origin. */
export const allowsOrigin = (capability: Capability, origin: string) => (capability.remote?.urls ?? []).some(url => new URLPattern(url).test(origin));

/** Whether any capability lets a web page of this origin call the daemon (CORS preflight, DNS-rebinding guard). */
export const someAllowsOrigin = (capabilities: readonly Capability[], origin: string) => capabilities.some(capability => allowsOrigin(capability, origin));

export type Grant = {readonly permission: Permission; readonly capability: string};

/** Every permission the request source holds, with the capability that grants it. */
export function effectivePermissions(capabilities: readonly Capability[], source: RequestSource): Grant[] {
	return capabilities.filter(capability => applies(capability, source))
		.flatMap(capability => capability.permissions.map(permission => ({permission, capability: capability.identifier})));
}

/**
 * Whether the grants allow `identifier` on `collection`: some grant's allow scopes match (none: all) and no deny
 * does. Without a collection (routes that name none, such as listing): whether the permission is held at all.
 */
export function allowsCollection(grants: readonly Grant[], identifier: string, collection?: string): boolean {
	const relevant = grants.filter(grant => grant.permission.identifier === identifier);
	if (collection === undefined) {
		return relevant.length > 0;
	}

	const matches = (scopes: Permission['allow']) => scopes.some(scope => scope.collection !== undefined && capabilityGlobMatches(scope.collection, collection));
	if (relevant.some(grant => matches(grant.permission.deny))) {
		return false;
	}

	return relevant.some(grant => grant.permission.allow.length === 0 || matches(grant.permission.allow));
}
