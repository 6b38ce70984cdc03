import {randomUUID} from 'node:crypto';
import {checkAnswer} from './answer-rules.js';
import {authMatrix, startMatrixDaemon} from './auth/matrix.js';
import {keys} from './auth/credentials.js';
import {rebinding} from './auth/rebinding.js';
import {DaemonProcess} from './daemon-process.js';
import type {Tally} from './tally.js';

/** The authentication matrix, DNS rebinding with and without a key, and the rate limit against random keys. */
export async function authSection(tally: Tally): Promise<void> {
	await authMatrix(tally);

	const local = await DaemonProcess.start(); // no key, no capability file: the local user's daemon
	try {
		await local.untilModel();
		await local.api('POST', '/ingest', {content: '# Notes\n\nCompost.\n', file_name: 'a.md', collection: 'notes'});
		await rebinding(tally, local, {}, 'a daemon without a key');
	} finally {
		await local.stop();
	}

	const keyed = await startMatrixDaemon({MD_VECTOR_RATE_LIMIT: '30'});
	try {
		// Finding F-rate-limit-random-keys: a fresh random key per request must not get a fresh allowance.
		let limited = 0;
		for (let attempt = 0; attempt < 80; attempt++) {
			const answer = await keyed.request({method: 'GET', path: '/api/v1/collections', headers: {'x-api-key': randomUUID()}});
			checkAnswer(tally, answer, {finding: 'F-rate-limit-random-keys', label: `random key ${attempt}`, expect: [401, 429]});
			limited += answer.status === 429 ? 1 : 0;
		}

		tally.check('F-rate-limit-random-keys', 'rate limit: 80 requests with random keys from one address are limited (429) after the allowance of 30', limited >= 40, `${limited} of 80 answered 429`);
	} finally {
		await keyed.stop();
	}
}
