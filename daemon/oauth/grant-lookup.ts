// Which OAuth sign-in the owner means on the command line (`md-vector clients revoke ...`): its label
// (oauth:<client id>), or, for convenience, the name the application gave itself when exactly one sign-in has
// it. The name is display only: it never decides what a client may do, and a name two applications share
// (one may imitate another) names neither.
import {isOAuthLabel} from '../../common/access/oauth-labels.js';
import type {OAuthGrant} from './oauth-store.js';

/** A name as a command-line word: "Claude Code" -> "claude-code". */
export const slug = (name: string) => name.toLowerCase().replaceAll(/[^a-z\d._-]+/g, '-').replaceAll(/^-+|-+$/g, '');

export type GrantLookup = {readonly grant: OAuthGrant} | {readonly ambiguous: readonly OAuthGrant[]} | undefined;

export function lookUpGrant(grants: readonly OAuthGrant[], query: string): GrantLookup {
	const byLabel = grants.find(grant => grant.label === query);
	if (byLabel !== undefined || isOAuthLabel(query)) {
		return byLabel && {grant: byLabel};
	}

	const wanted = query.toLowerCase();
	const named = grants.filter(grant => grant.client_name.toLowerCase() === wanted || slug(grant.client_name) === wanted);
	if (named.length > 1) {
		return {ambiguous: named};
	}

	return named[0] && {grant: named[0]};
}
