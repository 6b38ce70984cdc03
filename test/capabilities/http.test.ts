// Capability files over the real HTTP API of a real daemon: clients by key, 401 vs 403, collection and client
// globs, fs scopes for file_path and directory ingest, remote origins, local: false, reload on change.
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {startDaemon, type RunningDaemon} from '../helpers/daemon.js';
import {temporaryDirectory} from '../helpers/paths.js';

const keys = {owner: 'owner-key', assistant: 'assistant-key', script: 'script-key', web: 'web-key', teamA: 'team-a-key', stranger: 'stranger-key', importer: 'importer-key'};
const capabilities = [
	{identifier: 'assistant-notes', description: 'The assistant may search notes only', clients: ['assistant'],
		permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}, {identifier: 'collections:read', allow: [{collection: 'notes'}]}]},
	{identifier: 'ingest-script', clients: ['script'],
		permissions: ['ingest:default', {identifier: 'fs:allow-home-read-recursive', allow: [{path: '$HOME/notes/**'}]}]},
	{identifier: 'importer', clients: ['importer'],
		permissions: [{identifier: 'ingest:default', allow: [{collection: 'mine'}, {collection: 'default'}]}, {identifier: 'fs:allow-home-read-recursive', allow: [{path: '$HOME/notes/**'}]}]},
	{identifier: 'web-page', clients: ['web'], local: false, remote: {urls: ['https://notes.example.com']}, permissions: ['search:default']},
	{identifier: 'teams', clients: ['team-*'], permissions: [{identifier: 'search:default', allow: [{collection: 'team-*'}], deny: [{collection: 'team-secret'}]}]},
];

let daemon: RunningDaemon;
let home: string;
let outside: string;
const as = (key: string, extra: Record<string, string> = {}) => ({'x-api-key': key, ...extra});

test.before(async () => {
	const mdHome = temporaryDirectory('md-vector-caps-');
	home = temporaryDirectory('md-vector-user-home-');
	mkdirSync(path.join(home, 'notes'));
	writeFileSync(path.join(home, 'notes', 'garden.md'), '# Garden\n\nCompost and soil.\n');
	writeFileSync(path.join(home, 'secret.md'), '# Secret\n\nPasswords.\n');
	symlinkSync(path.join(home, 'secret.md'), path.join(home, 'notes', 'sneaky.md'));
	outside = temporaryDirectory('md-vector-outside-');
	writeFileSync(path.join(outside, 'other.md'), '# Other\n');
	mkdirSync(path.join(mdHome, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(mdHome, 'config', 'capabilities', 'all.json'), JSON.stringify({capabilities}));
	writeFileSync(path.join(mdHome, 'config', 'clients.json'), JSON.stringify({clients: [
		{label: 'assistant', key: '${ASSISTANT_KEY}'}, {label: 'script', key: '${SCRIPT_KEY}'}, {label: 'web', key: '${WEB_KEY}'},
		{label: 'team-a', key: '${TEAM_A_KEY}'}, {label: 'stranger', key: '${STRANGER_KEY}'}, {label: 'importer', key: '${IMPORTER_KEY}'},
	]}));
	daemon = await startDaemon({
		HOME: home, MD_VECTOR_API_KEY: keys.owner, MD_VECTOR_ALLOWED_ROOTS: [home, outside].join(path.delimiter),
		ASSISTANT_KEY: keys.assistant, SCRIPT_KEY: keys.script, WEB_KEY: keys.web, TEAM_A_KEY: keys.teamA, STRANGER_KEY: keys.stranger,
		IMPORTER_KEY: keys.importer,
	}, mdHome);
	for (const collection of ['notes', 'private', 'team-docs', 'team-secret']) {
		const response = await daemon.request('POST', '/api/v1/ingest', {content: `# ${collection}\n\nCompost notes for ${collection}.\n`, file_name: 'a.md', collection}, as(keys.owner));
		if (response.status !== 200) {
			throw new Error(`owner ingest into ${collection}: ${response.status} ${JSON.stringify(response.body)}`);
		}
	}
});

test.after.always(async () => {
	await daemon?.stop();
});

const search = async (key: string, collection: string, headers: Record<string, string> = {}) =>
	daemon.request('POST', '/api/v1/search', {query: 'compost', collection, mode: 'keyword'}, as(key, headers));

test('401 without a key or with an unknown one; 403 for a known client without the permission', async t => {
	const missing = await daemon.request('POST', '/api/v1/search', {query: 'compost', collection: 'notes'});
	t.is(missing.status, 401);
	t.is((await search('no-such-key', 'notes')).status, 401);
	const stranger = await search(keys.stranger, 'notes');
	t.is(stranger.status, 403, 'a client that no capability names: deny by default');
	t.regex(stranger.body.error.message, /client 'stranger' matches no capability for requests over loopback/);
	t.is((await daemon.request('GET', '/api/v1/health')).status, 200, 'health stays open');
});

test('the assistant searches notes only, sees only notes listed, and may not write', async t => {
	const notes = await search(keys.assistant, 'notes');
	t.is(notes.status, 200);
	t.is(notes.body.results[0].source_file, 'a.md');
	const other = await search(keys.assistant, 'private');
	t.is(other.status, 403, 'another collection: 403, not 401');
	t.is(other.body.error.code, 'forbidden');
	t.regex(other.body.error.message, /client 'assistant' lacks 'search:default' on collection 'private'/);
	const listed = await daemon.request('GET', '/api/v1/collections', undefined, as(keys.assistant));
	t.deepEqual(listed.body.collections.map((collection: {name: string}) => collection.name), ['notes']);
	const write = await daemon.request('POST', '/api/v1/ingest', {content: '# X\n', file_name: 'x.md', collection: 'notes'}, as(keys.assistant));
	t.is(write.status, 403);
	t.is((await daemon.request('DELETE', '/api/v1/documents/a.md?collection=notes', undefined, as(keys.assistant))).status, 403);
	t.is((await daemon.request('GET', '/api/v1/export?collection=notes', undefined, as(keys.assistant))).status, 403);
	const owner = await daemon.request('GET', '/api/v1/collections', undefined, as(keys.owner));
	const names = new Set(owner.body.collections.map((collection: {name: string}) => collection.name));
	t.deepEqual(['notes', 'private', 'team-docs', 'team-secret'].filter(name => !names.has(name)), [], 'the owner key is not limited');
});

test('client and collection globs; deny wins over allow', async t => {
	t.is((await search(keys.teamA, 'team-docs')).status, 200);
	t.is((await search(keys.teamA, 'team-secret')).status, 403);
	t.is((await search(keys.teamA, 'notes')).status, 403);
});

test('fs scopes: $HOME/notes/** readable; .. escapes, symlinks out and other folders refused', async t => {
	const ingest = async (filePath: string) => daemon.request('POST', '/api/v1/ingest', {file_path: filePath, collection: 'inbox'}, as(keys.script));
	const inside = await ingest(path.join(home, 'notes', 'garden.md'));
	t.is(inside.status, 200, JSON.stringify(inside.body));
	const escape = await ingest(`${path.join(home, 'notes')}/../secret.md`);
	t.is(escape.status, 403);
	t.regex(escape.body.error.message, /outside the client's fs scopes \(.*notes\/\*\*\) after resolving links and '\.\.'/);
	t.is((await ingest(path.join(home, 'notes', 'sneaky.md'))).status, 403, 'a symlink that leads out of the scope');
	t.is((await ingest(path.join(outside, 'other.md'))).status, 403, 'a folder the owner allows, but not this client');
	t.is((await ingest(path.join(home, 'notes', 'missing.md'))).status, 400, 'a path that does not exist is still invalid input');
	const job = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: path.join(home, 'notes'), collection: 'inbox'}, as(keys.script));
	t.is(job.status, 202);
	const done = await poll(async () => {
		const {body} = await daemon.request('GET', `/api/v1/jobs/${job.body.job.id as string}`, undefined, as(keys.script));
		return body.job.state === 'running' ? undefined : body.job;
	}, 30_000);
	t.deepEqual(done.report.files.map((file: {file: string}) => file.file), ['garden.md'], 'the symlink out of the scope is not followed');
	t.is((await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: home, collection: 'inbox'}, as(keys.script))).status, 403, 'the home folder itself is outside notes/**');
	t.is((await search(keys.script, 'inbox')).status, 403, 'ingest does not grant search');
});

test('import: the collection it writes and the paths it names are checked as an ingest\'s are, whatever the query says', async t => {
	const source = (folder: string) => ({path: folder, label: path.basename(folder), include: [], exclude: [], ignore_files: true, hidden: false, watch: false});
	const post = async (header: Record<string, unknown>, documents: unknown[] = [], query = '') => {
		const body = [{format: 'md-vector-export', version: 2, collection: 'mine', model_id: null, dims: null, chunker_version: 1, exported_at: '2026-11-25T00:00:00Z', sources: [], ...header}, ...documents];
		const response = await fetch(`${daemon.url}/api/v1/import${query}`, {method: 'POST', headers: {'content-type': 'application/x-ndjson', ...as(keys.importer)}, body: body.map(line => JSON.stringify(line)).join('\n')});
		return {status: response.status, body: await response.json()};
	};

	const document = {file_name: 'planted.md', title: 'Planted', tags: [], content_hash: 'h', byte_size: 7, chunks: [
		{id: 'x', ordinal: 0, section_title: 'Planted', heading_level: 1, heading_path: ['Planted'], content: 'planted text', start_line: 1, end_line: 1, tokens: 2, text_hash: 't'},
	]};
	const intoPrivate = await post({collection: 'private'}, [document]);
	t.is(intoPrivate.status, 403, 'the export names a collection the client may not write: no ?collection does not make it \'default\'');
	t.regex(intoPrivate.body.error.message, /client 'importer' lacks 'ingest:default' on collection 'private'/);
	t.is((await daemon.request('GET', '/api/v1/documents/planted.md?collection=private', undefined, as(keys.owner))).status, 404, 'nothing written there');

	const outsideSource = await post({sources: [source(outside)]});
	t.is(outsideSource.status, 403);
	t.regex(outsideSource.body.error.message, /^import: sources\.0\.path: .* is outside the client's fs scopes/);
	const looseOutside = await post({}, [{...document, source_path: path.join(home, 'secret.md')}]);
	t.is(looseOutside.status, 403, 'a loose document\'s file: get and changed-on-disk would read it');
	t.regex(looseOutside.body.error.message, /^import: line 2: source_path: .*secret\.md is outside the client's fs scopes/);
	t.false((await daemon.request('GET', '/api/v1/collections', undefined, as(keys.owner))).body.collections.some((entry: {name: string}) => entry.name === 'mine'), 'nothing of a refused import stays');

	const missing = path.join(home, 'notes', 'usb-stick');
	const allowed = await post({sources: [source(missing)]}, [{...document, source: 'usb-stick', relative_path: 'planted.md'}], '?collection=mine');
	t.is(allowed.status, 200, JSON.stringify(allowed.body));
	t.like(allowed.body, {collection: 'mine', documents: 1, sources: [{path: missing, label: 'usb-stick', added: true, missing: true}]});
});

test('remote.urls allow one web origin (with its CORS header) and refuse another; local: false refuses loopback', async t => {
	const allowed = await search(keys.web, 'notes', {origin: 'https://notes.example.com'});
	t.is(allowed.status, 200);
	t.is(allowed.headers.get('access-control-allow-origin'), 'https://notes.example.com');
	const refused = await search(keys.web, 'notes', {origin: 'https://evil.example.com'});
	t.is(refused.status, 403);
	t.regex(refused.body.error.message, /unexpected Origin 'https:\/\/evil\.example\.com' \(DNS-rebinding guard\)/);
	t.is(refused.headers.get('access-control-allow-origin'), null);
	const preflight = await daemon.request('OPTIONS', '/api/v1/search', undefined, {origin: 'https://notes.example.com', 'access-control-request-method': 'POST'});
	t.is(preflight.status, 204, 'the browser may send its key from this page');
	t.is(preflight.headers.get('access-control-allow-origin'), 'https://notes.example.com');
	t.regex(preflight.headers.get('access-control-allow-headers') ?? '', /x-api-key/);
	t.is((await daemon.request('OPTIONS', '/api/v1/search', undefined, {origin: 'https://evil.example.com'})).status, 403);
	const loopback = await search(keys.web, 'notes');
	t.is(loopback.status, 403, 'local: false');
});

test.serial('a changed capability file is reloaded; a broken one keeps the last valid set', async t => {
	const file = path.join(daemon.home, 'config', 'capabilities', 'all.json');
	const list = async () => (await daemon.request('GET', '/api/v1/collections', undefined, as(keys.teamA))).status;
	t.is(await list(), 403, 'teams may not list collections yet');
	writeFileSync(file, JSON.stringify({capabilities: [...capabilities, {identifier: 'teams-read', clients: ['team-*'], permissions: ['collections:read']}]}));
	t.truthy(await poll(async () => (await list() === 200 ? true : undefined), 10_000), 'the new capability applies without a restart');
	writeFileSync(file, '{"capabilities": [{"identifier": "broken", "permissions": ["nope"]}]}');
	await poll(() => (daemon.log().includes('NOT reloaded') ? true : undefined), 10_000);
	t.regex(daemon.log(), /capabilities NOT reloaded \(the previous ones stay in force\):\n\s+.*all\.json: \$\.capabilities\[0]\.permissions\[0]: unknown permission 'nope'/);
	t.is(await list(), 200, 'still the last valid set');
	t.is((await search(keys.assistant, 'notes')).status, 200);
	writeFileSync(file, JSON.stringify({capabilities})); // back to the set the other tests expect
	t.truthy(await poll(async () => (await list() === 403 ? true : undefined), 10_000));
});

test('the daemon refuses to start on an invalid capability file', async t => {
	const mdHome = temporaryDirectory('md-vector-caps-bad-');
	mkdirSync(path.join(mdHome, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(mdHome, 'config', 'capabilities', 'bad.json'), JSON.stringify({identifier: 'x', permissions: ['search:defualt'], clients: ['a']}));
	const error = await t.throwsAsync(startDaemon({}, mdHome));
	t.regex(error.message, /not starting: the capability files have problems/);
	t.regex(error.message, /bad\.json: \$\.permissions\[0]: unknown permission 'search:defualt' \(did you mean 'search:default'\?\)/);
});
