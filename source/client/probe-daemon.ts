import {randomBytes} from 'node:crypto';
import type {DiscoveryRecord} from '../../common/discovery.js';
import {identityChallengeHeader, identityProof, identityProofHeader} from '../../common/local-token.js';
import {version} from '../../common/version.js';
import type {Health} from './api-types.js';
import {httpRequest, type Reply} from './http-request.js';

export type Probe
	= | {readonly status: 'ours'; readonly health: Health} // The daemon that wrote the record: it proved it holds the record's token.
		/** An md-vector daemon of another version that cannot prove it (older than the proof): what an upgrade leaves running. */
		| {readonly status: 'older'; readonly health: Health}
		/** Something answers at the recorded port, but not this data folder's daemon (another program, another daemon). */
		| {readonly status: 'other'}
		/** Nothing answers in time. */
		| {readonly status: 'gone'};

/**
 * Asks the daemon at `origin` to prove it wrote `record` (GET /health with a random challenge, answered with an
 * HMAC under the record's token), before the local token or anything else is sent to it.
 */
export async function probeDaemon(record: DiscoveryRecord, origin: string): Promise<Probe> {
	const challenge = randomBytes(16).toString('hex');
	let response: Reply;
	try {
		response = await httpRequest(`${origin}/api/v1/health`, {method: 'GET', headers: {[identityChallengeHeader]: challenge}, signal: AbortSignal.timeout(5000)}); // a daemon that hangs counts as gone
	} catch {
		return {status: 'gone'};
	}

	const header = response.body.headers[identityProofHeader];
	const proof = typeof header === 'string' ? header : null;
	const health = await response.json().catch(() => undefined) as Health | undefined;
	if (!response.ok || typeof health?.version !== 'string' || health.checks === undefined) {
		return {status: 'other'};
	}

	if (proof === identityProof(record.token, challenge)) {
		return {status: 'ours', health};
	}

	return proof === null && health.version !== version ? {status: 'older', health} : {status: 'other'};
}
