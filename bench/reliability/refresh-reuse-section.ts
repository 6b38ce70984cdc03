// Issue 25 item 7, refresh tokens: a rotated refresh token presented again means it was copied, so every token
// of that sign-in must stop working (RFC 9700 section 4.14), also those the rotation issued. Tried four ways:
// reused after one rotation, after two, by another registered client, and twice at the same moment. Tokens left
// alive afterwards must be 0.
import {rmSync} from 'node:fs';
import {checkAnswer} from './answer-rules.js';
import {DaemonProcess} from './daemon-process.js';
import {json, type Answer} from './http.js';
import {mcp, ownerHeaders, raisedOAuthLimits, refresh, register, signIn, callback, clientAddress, type SignedIn} from './oauth/sign-in.js';
import type {Tally} from './tally.js';

const finding = 'I25-refresh-reuse';
const ways = ['after one rotation', 'after two rotations', 'by another client', 'twice at once'] as const;

type Tokens = {accessToken: string; refreshToken: string};

const tokensOf = (answer: Answer): Tokens | undefined => {
	const body = json(answer) as {access_token?: string; refresh_token?: string} | undefined;
	return body?.access_token && body.refresh_token ? {accessToken: body.access_token, refreshToken: body.refresh_token} : undefined;
};

export type RefreshOptions = {
	/** Sign-ins to attack (the four ways in turn). */
	readonly clients?: number;
};

export async function refreshReuseSection(tally: Tally, options: RefreshOptions = {}): Promise<void> {
	const daemon = await DaemonProcess.start({env: raisedOAuthLimits});
	try {
		await daemon.api('POST', '/ingest', {content: '# Notes\n\nCompost notes.\n', file_name: 'a.md', collection: 'notes'}, ownerHeaders(daemon));
		const count = options.clients ?? 20;
		let checked = 0;
		let alive = 0;
		for (let index = 0; index < count; index++) {
			const outcome = await attack(tally, daemon, ways[index % ways.length]!, index);
			checked += outcome.checked;
			alive += outcome.alive;
		}

		tally.note(`refresh-reuse: ${count} refresh tokens reused (${ways.join(', ')}), ${checked} tokens of their sign-ins checked afterwards, left alive: ${alive} (must be 0)`);
	} finally {
		await daemon.stop();
		rmSync(daemon.home, {recursive: true, force: true});
	}
}

/** One sign-in: rotated, its refresh token reused one way, then every token it was ever issued tried. */
async function attack(tally: Tally, daemon: DaemonProcess, way: typeof ways[number], index: number): Promise<{checked: number; alive: number}> {
	const client = await signIn(daemon, `refresher-${index}`, {permissions: ['search:default'], collections: 'all'});
	const family: Tokens[] = [client];
	const rotate = async (from: Tokens) => {
		const next = tokensOf(await refresh(daemon, client.clientId, from.refreshToken, client.from));
		tally.check(finding, 'a live refresh token rotates', next !== undefined, `${way}: rotation ${family.length}`);
		if (next) {
			family.push(next);
		}
	};

	await rotate(client);
	if (way === 'after two rotations') {
		await rotate(family.at(-1)!);
	}

	const reuses = await reuse(daemon, way, client, family);
	tally.check(finding, 'a reused refresh token is refused (400 invalid_grant)', reuses.some(answer => answer.status === 400 && json(answer)?.error === 'invalid_grant'), `${way}: ${reuses.map(answer => `${answer.status} ${answer.text.slice(0, 120)}`).join(' | ')}`);
	let alive = 0;
	for (const [generation, tokens] of family.entries()) {
		const access = await mcp(daemon, tokens.accessToken, 'tools/list', {}, client.from);
		checkAnswer(tally, access, {finding, label: `${way}: access token of generation ${generation}`, expect: [401], mcp: true});
		const renewed = await refresh(daemon, client.clientId, tokens.refreshToken, client.from);
		checkAnswer(tally, renewed, {finding, label: `${way}: refresh token of generation ${generation}`, expect: [400], noBody: true});
		alive += (access.status === 200 ? 1 : 0) + (tokensOf(renewed) ? 1 : 0);
	}

	tally.unauthorised += alive;
	return {checked: family.length * 2, alive};
}

/** Presents a spent refresh token again: the first one, by its client or another; or the live one twice at once. */
async function reuse(daemon: DaemonProcess, way: typeof ways[number], client: SignedIn, family: Tokens[]): Promise<Answer[]> {
	if (way === 'by another client') {
		const thief = json(await register(daemon, {client_name: 'thief', redirect_uris: [callback]}, clientAddress())) as {client_id: string};
		return [await refresh(daemon, thief.client_id, client.refreshToken, client.from)];
	}

	if (way === 'twice at once') {
		const answers = await Promise.all([refresh(daemon, client.clientId, family[1]!.refreshToken, client.from), refresh(daemon, client.clientId, family[1]!.refreshToken, client.from)]);
		// The one that came first rotated; the second use revokes what it issued too.
		family.push(...answers.map(answer => tokensOf(answer)).filter(tokens => tokens !== undefined));
		return answers;
	}

	return [await refresh(daemon, client.clientId, client.refreshToken, client.from)];
}
