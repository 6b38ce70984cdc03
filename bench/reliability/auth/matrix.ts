import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {checkAnswer} from '../answer-rules.js';
import {DaemonProcess, temporaryHome} from '../daemon-process.js';
import type {Tally} from '../tally.js';
import {capabilityFiles, credentials, keys, type Credential} from './credentials.js';
import {matrixRows, type Row} from './routes.js';
import {rebinding} from './rebinding.js';

/** A daemon with an owner key, capability files and five clients; `notes` and `private` hold a document each. */
export async function startMatrixDaemon(env: Record<string, string> = {}): Promise<DaemonProcess> {
	const home = temporaryHome('md-vector-auth-');
	mkdirSync(path.join(home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(home, 'config', 'capabilities', 'matrix.json'), JSON.stringify({capabilities: capabilityFiles.capabilities}));
	writeFileSync(path.join(home, 'config', 'clients.json'), JSON.stringify(capabilityFiles.clients));
	mkdirSync(path.join(home, 'notes'));
	writeFileSync(path.join(home, 'notes', 'n.md'), '# N\n\nCompost.\n');
	// The matrix sends hundreds of refused credentials: its daemon allows that many failed authentications (every
	// loopback address spends one budget).
	const daemon = await DaemonProcess.start({home, env: {MD_VECTOR_API_KEY: keys.owner, MD_VECTOR_ALLOWED_ROOTS: path.join(home, 'notes'), MD_VECTOR_AUTH_FAILURES: '100000', ...capabilityFiles.env, ...env}});
	await daemon.untilModel();
	const owner = {'x-api-key': keys.owner};
	await daemon.api('POST', '/ingest', {content: '# Notes\n\nCompost notes.\n', file_name: 'a.md', collection: 'notes'}, owner);
	await daemon.api('POST', '/ingest', {content: '# Secret\n\nThe topsecret plan.\n', file_name: 'secret.md', collection: 'private'}, owner);
	return daemon;
}

/**
 * Each way of presenting a key is sent from its own loopback address (they all spend one budget of failed
 * authentications: the matrix daemon's is raised, else the permitted requests that follow the refused ones
 * would be refused too).
 */
async function ask(daemon: DaemonProcess, row: Row, credential: Credential) {
	const separator = row.path.includes('?') ? '&' : '?';
	const body = row.body === undefined ? undefined : (typeof row.body === 'string' ? row.body : JSON.stringify(row.body));
	return daemon.request({
		localAddress: `127.0.0.${credentials.indexOf(credential) + 10}`,
		method: row.method, path: credential.query ? `${row.path}${separator}${credential.query}` : row.path, body,
		headers: {...credential.headers, ...(body === undefined ? {} : {'content-type': row.contentType ?? 'application/json'}), ...(row.path === '/mcp' ? {accept: 'application/json, text/event-stream'} : {})},
	});
}

/**
 * Every route and MCP tool with every way of presenting a key: what is permitted is answered; what is not is 401
 * (no valid key) or 403 (a client without the permission), never a success, never a disclosure of a refused
 * collection. Counts unauthorised successes. Then DNS rebinding against the same daemon, with the owner's key.
 */
export async function authMatrix(tally: Tally): Promise<void> {
	const daemon = await startMatrixDaemon();
	try {
		const rows = matrixRows(path.join(daemon.home, 'notes'));
		for (const row of rows) {
			for (const credential of credentials) {
				const answer = await ask(daemon, row, credential);
				const permitted = credential.as === 'owner' || row.allowed.includes(credential.as);
				const finding = row.finding ?? 'auth';
				const label = `${row.name} as ${credential.name}`;
				checkAnswer(tally, answer, {finding, label, mcp: row.path === '/mcp'});
				if (permitted) {
					tally.check(finding, 'auth matrix: a permitted request is not refused', answer.status !== 401 && answer.status !== 403, `${label} -> ${answer.status} ${answer.text.slice(0, 200)}`);
					continue;
				}

				// Without a valid key: 401, or 429 once its address used up its failed authentications (guessing). An MCP
				// tool call a valid client may not make is the call's tool error: not offered to it, or refused (403).
				const refusedAs = credential.as === 'nobody' ? [401, 429] : [403];
				const toolRefusal = row.path === '/mcp' && credential.as !== 'nobody' && mcpRefusal(answer.text);
				const reached = !toolRefusal && (answer.status < 400 || answer.status === 404);
				const disclosed = row.secret !== undefined && answer.status < 400 && answer.text.includes(row.secret);
				if (reached || disclosed) {
					tally.unauthorised++;
				}

				tally.check(finding, 'auth matrix: no unauthorised success or disclosure', !reached && !disclosed, `${label} -> ${answer.status} ${answer.text.slice(0, 200)}`);
				tally.check(finding, 'auth matrix: refused as 401 (no valid key) or 403 (no permission)', toolRefusal || refusedAs.includes(answer.status), `${label} -> ${answer.status} (expected ${refusedAs.join(' or ')}${row.path === '/mcp' ? ', or a tool error' : ''})`);
			}
		}

		await rebinding(tally, daemon, {'x-api-key': keys.owner}, 'a daemon with a key (owner\'s requests)');
	} finally {
		await daemon.stop();
	}
}

/**
 * An MCP answer that refuses the call: a tool error marked 403, or the tool not offered to this caller. In a
 * batch each call is answered on its own: the refused one is such a tool error (what it would have read is
 * looked for in the whole answer by the disclosure check).
 */
function mcpRefusal(text: string): boolean {
	type Answer = {result?: {isError?: boolean; _meta?: Record<string, unknown>; content?: Array<{text?: string}>}};
	const refuses = ({result}: Answer) => Boolean(result?.isError) && (result?._meta?.['md-vector/status'] === 403 || /Tool \S+ not found$/.test(result?.content?.[0]?.text ?? ''));
	try {
		const parsed = JSON.parse(text) as Answer | Answer[];
		return Array.isArray(parsed) ? parsed.some(answer => refuses(answer)) : refuses(parsed);
	} catch {
		return false;
	}
}
