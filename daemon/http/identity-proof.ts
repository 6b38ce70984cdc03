import type {RequestHandler} from 'express';
import {identityChallengeHeader, identityProof, identityProofHeader} from '../../common/local-token.js';

/**
 * Answers a client's identity challenge (a random string, at most 128 characters) with its proof in a header,
 * so a client knows the daemon at a recorded port is the one of its data folder, not another program.
 */
export function proveIdentity(token: string | undefined): RequestHandler {
	return (request, response, next) => {
		const challenge = request.headers[identityChallengeHeader];
		if (token && typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128) {
			response.setHeader(identityProofHeader, identityProof(token, challenge));
		}

		next();
	};
}
