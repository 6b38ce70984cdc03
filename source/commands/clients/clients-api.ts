// The owner's client management, as plain functions over the daemon's /api/v1 (the commands only render them).
import type {ClientList, RevokedClient, SignInLink} from '../../../common/wire/clients.js';
import type {DaemonClient} from '../../client/daemon-client.js';

export type {ClientEntry, SignInLink} from '../../../common/wire/clients.js';

export async function listClients(client: DaemonClient): Promise<ClientList> {
	return client.call('GET', '/clients');
}

export async function revokeClient(client: DaemonClient, label: string): Promise<RevokedClient> {
	return client.call('DELETE', `/clients/${encodeURIComponent(label)}`);
}

/** A one-time link that opens the waiting sign-in request (the newest, or `request`) signed in as the owner. */
export async function signInLink(client: DaemonClient, request?: string): Promise<SignInLink> {
	return client.call('POST', '/oauth/sign-in-link', request ? {request} : {});
}
