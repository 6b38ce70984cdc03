// The owner's client management, as plain functions over the daemon's /api/v1 (the commands only render them).
import type {DaemonClient} from '../client/daemon-client.js';

export type ClientEntry = {
	readonly label: string;
	readonly kind: 'key' | 'oauth';
	readonly client_name?: string;
	readonly permissions?: readonly string[];
	readonly collections?: readonly string[] | 'all';
	readonly granted_at?: string;
	readonly last_used_at?: string | null;
};

export type SignInLink = {readonly url: string; readonly client_name: string; readonly code: string};

export async function listClients(client: DaemonClient): Promise<{clients: ClientEntry[]}> {
	return client.call('GET', '/clients');
}

export async function revokeClient(client: DaemonClient, label: string): Promise<{status: 'ok'; label: string; client_name: string; revoked: boolean}> {
	return client.call('DELETE', `/clients/${encodeURIComponent(label)}`);
}

/** A one-time link that opens the waiting sign-in request (the newest, or `request`) signed in as the owner. */
export async function signInLink(client: DaemonClient, request?: string): Promise<SignInLink> {
	return client.call('POST', '/oauth/sign-in-link', request ? {request} : {});
}
