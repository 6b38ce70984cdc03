import {createHmac, randomBytes} from 'node:crypto';

export {localTokenHeader} from './local-token-header.js';

/** A client asks GET /health to prove the daemon holds the token of its discovery record, without sending it. */
export const identityChallengeHeader = 'x-md-vector-challenge';
export const identityProofHeader = 'x-md-vector-identity';

export function newLocalToken(): string {
	return randomBytes(32).toString('hex');
}

/**
 * HMAC of the challenge under the token: only the daemon that wrote the record can compute it, and it tells
 * nothing about the token. The CLI checks it before it talks to the daemon at a recorded port.
 */
export function identityProof(token: string, challenge: string): string {
	return createHmac('sha256', token).update(challenge).digest('hex');
}
