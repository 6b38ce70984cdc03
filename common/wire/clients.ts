// The owner's client management over the HTTP API (GET /clients, DELETE /clients/{label}, POST
// /oauth/sign-in-link), as types only (see search.ts).

/** A clients.json key, or an OAuth sign-in with what it was granted (times ISO 8601; never used: null). */
export type ClientEntry = {
	readonly label: string;
	readonly kind: 'key' | 'oauth';
	readonly client_name?: string;
	readonly permissions?: readonly string[];
	readonly collections?: readonly string[] | 'all';
	readonly granted_at?: string;
	readonly last_used_at?: string | null;
};

export type ClientList = {readonly clients: readonly ClientEntry[]};

export type RevokedClient = {readonly status: 'ok'; readonly label: string; readonly client_name: string; readonly revoked: boolean};

export type SignInLink = {readonly url: string; readonly client_name: string; readonly code: string};
