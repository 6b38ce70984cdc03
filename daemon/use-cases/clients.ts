// The owner's management of the daemon's clients: the clients.json keys and the OAuth sign-ins (with what each was
// granted), revoking a sign-in (by its label, or by the name it gave itself when only one has it: its tokens stop
// working at once, and the application has to ask again), and the one-time link that opens a waiting request's
// consent form. The owner's alone. The sign-ins are the daemon's OAuth's (oauth/sign-ins.ts adapts it).
import type {Actor} from './actor.js';
import {DomainError, notFound} from './errors.js';

/** An OAuth sign-in the owner approved: the application, what it may do, and on which collections. */
export type SignIn = {
	/** oauth:<client id>. */
	readonly label: string;
	/** The name the application gave itself (display only: it never decides what a client may do). */
	readonly clientName: string;
	readonly permissions: readonly string[];
	readonly collections: readonly string[] | 'all';
	readonly grantedAt: Date;
	readonly lastUsedAt?: Date;
};

/** A one-time link that opens a waiting sign-in request's consent form, signed in as the owner. */
export type SignInLink = {
	readonly url: string;
	/** The application asking, and the code its consent form shows (the owner compares them). */
	readonly clientName: string;
	readonly code: string;
};

/** The OAuth sign-ins as the use cases reach them. */
export type SignIns = {
	/** Whether OAuth sign-in is on (MD_VECTOR_MCP_OAUTH). */
	readonly enabled: boolean;
	list(): readonly SignIn[];
	/** Revokes the sign-in a label (or an application name only one sign-in has) names: what was found. */
	revoke(labelOrName: string): {readonly revoked: SignIn} | {readonly ambiguous: readonly SignIn[]} | undefined;
	/** The link for the waiting request `requestId`, or the newest; undefined when none waits. */
	link(origin: string, requestId?: string): SignInLink | undefined;
};

export type ClientsDeps = {
	/** Undefined: OAuth is off. */
	readonly signIns?: SignIns;
	/** The labels of the clients.json keys in force. */
	readonly keyLabels: () => readonly string[];
};

/** The clients: the keys first, then the OAuth sign-ins. */
export type ClientList = {readonly keys: readonly string[]; readonly signIns: readonly SignIn[]};

const what = 'manage clients';

export function listClients({signIns, keyLabels}: ClientsDeps, actor: Actor): ClientList {
	actor.requireOwner(what);
	return {keys: keyLabels(), signIns: signIns?.list() ?? []};
}

/** Revokes an OAuth sign-in: 409 when the name is several applications', 404 when none (or a clients.json key). */
export function revokeClient({signIns, keyLabels}: ClientsDeps, actor: Actor, labelOrName: string): SignIn {
	actor.requireOwner(what);
	const found = signIns?.revoke(labelOrName);
	if (found && 'revoked' in found) {
		return found.revoked;
	}

	if (found) {
		throw new DomainError('ambiguous_name', 409, `${found.ambiguous.length} OAuth sign-ins call themselves '${labelOrName}': revoke one by its label (${found.ambiguous.map(signIn => signIn.label).join(', ')}; md-vector clients list shows them)`);
	}

	throw notFound(keyLabels().includes(labelOrName)
		? `'${labelOrName}' is a clients.json key: remove it from clients.json (or change its key) to revoke it`
		: `no OAuth sign-in labelled or named '${labelOrName}' (md-vector clients list shows them)`);
}

/**
 * The link for a waiting sign-in request. `origin`: where the owner reaches the daemon, undefined when sign-in
 * cannot work there (a host other than 127.0.0.1 or localhost, over plain http).
 */
export function signInLink({signIns}: ClientsDeps, actor: Actor, input: {readonly origin?: string; readonly requestId?: string}): SignInLink {
	actor.requireOwner(what);
	if (!signIns?.enabled) {
		throw new DomainError('oauth_unavailable', 400, 'OAuth is off (MD_VECTOR_MCP_OAUTH=0)');
	}

	if (!input.origin) {
		throw new DomainError('oauth_unavailable', 400, 'OAuth sign-in works at http://127.0.0.1 or http://localhost (or over https); connect by one of those');
	}

	const link = signIns.link(input.origin, input.requestId);
	if (!link) {
		throw new DomainError('no_pending_request', 404, 'no application is waiting for your approval: start the sign-in in your assistant first (it opens md-vector\'s page in your browser)');
	}

	return link;
}
