// Issue 25 item 4: an OAuth client's self-chosen name must grant it nothing. Capability files grant rights to
// client globs ("team-*", "ops-?", "*", ...); applications register under names that match every one of them
// (and the globs themselves, the owner's words, another client's label), the owner approves search on one
// collection, and each then tries every right beyond it: rights gained must be 0. A capability file that names
// one client's label (oauth:<client id>) exactly still grants it more: the owner's decision, by a name the
// client did not choose.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {checkAnswer} from './answer-rules.js';
import {DaemonProcess, temporaryHome, until} from './daemon-process.js';
import {json} from './http.js';
import {mcp, mcpSucceeded, ownerHeaders, raisedOAuthLimits, signIn, type SignedIn} from './oauth/sign-in.js';
import type {Tally} from './tally.js';

const finding = 'I25-oauth-names';
const everything = ['ingest:default', 'documents:delete', 'search:default', 'collections:read', 'export:default'];
const capabilities = [
	{identifier: 'teams', clients: ['team-*'], permissions: everything},
	{identifier: 'ops', clients: ['ops-?', 'ops-[0-9]*'], permissions: ['documents:delete', 'ingest:default', 'collections:read']},
	{identifier: 'bots', clients: ['{bot,robot}-*', '**/admin'], permissions: ['ingest:default', 'export:default']},
	{identifier: 'assistant', clients: ['assistant'], permissions: ['search:default', 'collections:read']},
	{identifier: 'anyone', clients: ['*'], permissions: ['search:default', 'collections:read']},
];

/** Names that match each glob (and the globs themselves, and words an owner might trust). */
export function chosenNames(): string[] {
	const globs = capabilities.flatMap(capability => capability.clients);
	const matching = globs.flatMap(glob => {
		const sample = glob.replaceAll('**/', 'a/').replaceAll('*', 'x').replaceAll('?', '1').replaceAll('[0-9]', '7').replace(/{(\w+),\w+}/, '$1');
		return [glob, sample, sample.toUpperCase(), ` ${sample} `];
	});
	return [...new Set([...matching, 'owner', 'md-vector', 'local-token', 'oauth', 'oauth:', '<b>team-x</b>', 'team-x'.repeat(50)])];
}

/** What a client approved for search on `notes` only must not be able to do: [what, method, params] (MCP) or a REST request. */
const beyond = [
	['ingest into notes', 'tools/call', {name: 'ingest', arguments: {content: '# Gained\n\nA right gained.\n', file_name: 'gained.md', collection: 'notes'}}],
	['delete a document of notes', 'tools/call', {name: 'delete_document', arguments: {file: 'a.md', collection: 'notes'}}],
	['search private', 'tools/call', {name: 'search', arguments: {query: 'topsecret', mode: 'keyword', collection: 'private'}}],
	['list the collections', 'tools/call', {name: 'list_collections', arguments: {}}],
	['stats of notes', 'tools/call', {name: 'stats', arguments: {collection: 'notes'}}],
] as const;
const restBeyond = [['GET', '/api/v1/export?collection=notes'], ['GET', '/api/v1/collections'], ['POST', '/api/v1/search']] as const;

export type NamesOptions = {
	/** How many of the chosen names to register (all when absent). */
	readonly names?: number;
};

export async function oauthNamesSection(tally: Tally, options: NamesOptions = {}): Promise<void> {
	const home = temporaryHome('md-vector-oauth-names-');
	mkdirSync(path.join(home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(home, 'config', 'capabilities', 'teams.json'), JSON.stringify({capabilities}));
	const daemon = await DaemonProcess.start({home, env: raisedOAuthLimits});
	try {
		const owner = ownerHeaders(daemon);
		await daemon.api('POST', '/ingest', {content: '# Notes\n\nCompost notes.\n', file_name: 'a.md', collection: 'notes'}, owner);
		await daemon.api('POST', '/ingest', {content: '# Secret\n\nThe topsecret plan.\n', file_name: 'secret.md', collection: 'private'}, owner);
		const names = chosenNames().slice(0, options.names);
		let gained = 0;
		let attempts = 0;
		const clients: SignedIn[] = [];
		for (const name of names) {
			const client = await signIn(daemon, name, {permissions: ['search:default'], collections: ['notes']});
			clients.push(client);
			const allowed = await mcp(daemon, client.accessToken, 'tools/call', {name: 'search', arguments: {query: 'compost', mode: 'keyword', collection: 'notes'}}, client.from);
			tally.check(finding, 'what the owner ticked works (search in notes)', mcpSucceeded(allowed), `${name}: ${allowed.status} ${allowed.text.slice(0, 200)}`);
			for (const [what, method, parameters] of beyond) {
				const answer = await mcp(daemon, client.accessToken, method, parameters, client.from);
				checkAnswer(tally, answer, {finding, label: `'${name}' tries to ${what}`, mcp: true});
				attempts++;
				if (mcpSucceeded(answer)) {
					gained++;
					tally.unauthorised++;
				}

				tally.check(finding, 'a chosen name grants no right beyond the consent (MCP)', !mcpSucceeded(answer), `'${name}' could ${what}: ${answer.text.slice(0, 200)}`);
			}

			for (const [method, route] of restBeyond) {
				const answer = await daemon.request({method, path: route, localAddress: client.from, headers: {authorization: `Bearer ${client.accessToken}`, 'content-type': 'application/json'}, body: method === 'POST' ? JSON.stringify({query: 'topsecret', collection: 'private', mode: 'keyword'}) : undefined});
				checkAnswer(tally, answer, {finding, label: `'${name}' on ${method} ${route}`, expect: [401]});
				attempts++;
				if (answer.status < 300) {
					gained++;
					tally.unauthorised++;
				}
			}
		}

		const listed = (await daemon.api('GET', '/clients', undefined, owner)).body as {clients: Array<{label: string; client_name?: string}>};
		for (const [index, client] of clients.entries()) {
			const entry = listed.clients.find(candidate => candidate.label === client.label);
			tally.check(finding, 'an OAuth client is listed as oauth:<client id>, its name display only', entry?.client_name === (names[index]!.slice(0, 100) || client.clientId), `${names[index]}: ${JSON.stringify(entry)}`);
		}

		// The owner names one client's label exactly in a capability file: that one (and no other) may ingest now.
		const [chosen, other] = clients;
		writeFileSync(path.join(home, 'config', 'capabilities', 'named.json'), JSON.stringify({identifier: 'named', clients: [chosen!.label], permissions: [{identifier: 'ingest:default', allow: [{collection: 'notes'}]}]}));
		const ingest = {name: 'ingest', arguments: {content: '# Granted\n', file_name: 'granted.md', collection: 'notes'}};
		const granted = await until(async () => (mcpSucceeded(await mcp(daemon, chosen!.accessToken, 'tools/call', ingest, chosen!.from)) ? true : undefined), 30_000);
		tally.check(finding, 'a capability naming oauth:<client id> exactly grants that client more', granted === true, 'the named client still may not ingest after 30 s');
		if (other) {
			const answer = await mcp(daemon, other.accessToken, 'tools/call', ingest, other.from);
			tally.check(finding, 'a capability naming one OAuth client grants no other', !mcpSucceeded(answer), answer.text.slice(0, 200));
		}

		tally.note(`oauth-names: ${names.length} OAuth clients registered with chosen names (every glob of the capability files, names matching them, owner-like words), ${attempts} attempts beyond the consent, rights gained: ${gained} (must be 0)`);
		const stillThere = json(await daemon.request({method: 'GET', path: '/api/v1/documents?collection=notes', headers: owner}));
		tally.check(finding, 'nothing was deleted or added by the clients', JSON.stringify(stillThere?.documents?.map((document: {file: string}) => document.file).sort()) === JSON.stringify(['a.md', 'granted.md']), JSON.stringify(stillThere).slice(0, 300));
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}
