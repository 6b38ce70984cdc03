// Issue 34 items 5 and 6: unauthenticated /register took ~88 KB of redirect_uris, up to 1,000 unapproved
// registrations were kept a day, and every change rewrote all of oauth.json: with 350 registrations a 31 MB file,
// 293 ms per registration and /health p50 88 ms; each new loopback address had a budget of its own. Here 350
// registrations of the largest size allowed come from 350 loopback addresses, and one of 88 KB, while /health is
// asked between them: how many are taken, what the state weighs after, and how /health answers.
import {readdirSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {percentile} from '../machine.js';
import {DaemonProcess} from './daemon-process.js';
import {clientAddress, register} from './oauth/sign-in.js';
import type {Tally} from './tally.js';

const finding = 'I34-registrations';
/** The default budget: 20 registrations an hour per address group. */
const budget = 20;

const uris = (count: number, length: number) => Array.from({length: count}, (_, index) => `http://127.0.0.1:${5000 + index}/${'a'.repeat(length)}`);

export async function registrationsSection(tally: Tally, options: {registrations?: number} = {}): Promise<void> {
	const count = options.registrations ?? 350;
	const daemon = await DaemonProcess.start({env: {MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1'}});
	try {
		const statuses = new Map<number, number>();
		const health: number[] = [];
		const bloated = await register(daemon, {client_name: 'bloat', redirect_uris: uris(40, 2000)}, clientAddress());
		tally.check(finding, 'a registration of 88 KB is refused (413)', bloated.status === 413, `${bloated.status} ${bloated.text.slice(0, 200)}`);
		for (let index = 0; index < count; index++) {
			// 7 addresses of 2,000 characters: about 14 KB, under the 16 KB a registration may take.
			const answer = await register(daemon, {client_name: `app ${index}`, redirect_uris: uris(7, 2000)}, clientAddress());
			statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
			if (index % 5 === 0) {
				health.push((await daemon.request({method: 'GET', path: '/api/v1/health', timeoutMs: 10_000})).ms);
			}
		}

		const taken = statuses.get(201) ?? 0;
		tally.check(finding, `at most ${budget} registrations an hour from loopback addresses, however many`, taken <= budget, `${taken} taken`);
		tally.check(finding, 'the rest are refused with 429', (statuses.get(429) ?? 0) === count - taken, JSON.stringify(Object.fromEntries(statuses)));
		const data = path.join(daemon.home, 'data');
		const stateBytes = readdirSync(data).filter(name => name.startsWith('oauth.')).reduce((sum, name) => sum + statSync(path.join(data, name)).size, 0);
		tally.check(finding, 'the OAuth state stays small (under 5 MB)', stateBytes < 5 * 1024 * 1024, `${stateBytes} bytes`);
		tally.check(finding, '/health answers within a second between registrations', Math.max(...health) < 1000, `max ${Math.max(...health).toFixed(0)} ms`);
		tally.note(`registrations: ${count} of about 14 KB from as many loopback addresses: ${JSON.stringify(Object.fromEntries(statuses))}; one of 88 KB: ${bloated.status}; `
			+ `OAuth state after: ${(stateBytes / 1024).toFixed(0)} KB; /health p50 ${percentile(health, 50).toFixed(0)} ms, max ${Math.max(...health).toFixed(0)} ms`);
	} finally {
		await daemon.stop();
		rmSync(daemon.home, {recursive: true, force: true});
	}
}
