import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';

const assistant = {identifier: 'assistant-notes', clients: ['assistant'], permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}, 'collections:read']};

test('capabilities check: the built-in default, a valid folder, then every problem with exit 2', async t => {
	const md = cli();
	const folder = path.join(md.home, 'config', 'capabilities');
	t.regex(String((await md.run(['capabilities', 'check'])).stdout), /No capability files in [\s\S]*the\s+built-in default applies/);
	mkdirSync(folder, {recursive: true});
	writeFileSync(path.join(folder, 'assistant.json'), JSON.stringify(assistant));
	const ok = await md.run(['capabilities', 'check']);
	t.is(ok.exitCode, 0);
	t.regex(String(ok.stdout), /ok: 1 file valid\ncapabilities: assistant-notes/);
	t.like(await md.json(['capabilities', 'check']), {valid: true, capabilities: ['assistant-notes']});

	const bad = path.join(md.home, 'bad.json');
	writeFileSync(bad, JSON.stringify({identifier: 'x', clients: ['a'], permissions: ['search:defualt', {identifier: 'fs:allow-home-read', allow: [{path: '$HOEM/notes'}]}]}));
	const refused = await md.run(['capabilities', 'check', bad]);
	t.is(refused.exitCode, 2);
	t.is(String(refused.stdout), '');
	t.is(String(refused.stderr).trim(), [
		'md-vector: 2 problems:',
		`${bad}: $.permissions[0]: unknown permission 'search:defualt' (did you mean 'search:default'?)`,
		`${bad}: $.permissions[1].allow[0].path: unknown directory variable '$HOEM' (did you mean '$HOME'?)`,
	].join('\n'));
});

test('capabilities explain: effective permissions with their scopes and the capability that grants each', async t => {
	const md = cli();
	const folder = path.join(md.home, 'config', 'capabilities');
	mkdirSync(folder, {recursive: true});
	writeFileSync(path.join(folder, 'assistant.json'), JSON.stringify(assistant));
	const explained = await md.run(['capabilities', 'explain', '--client', 'assistant']);
	t.is(explained.exitCode, 0);
	t.regex(String(explained.stdout), /Client 'assistant' over loopback may:\n {2}search:default +only notes {2}\(granted by assistant-notes\)\n {2}collections:read +everywhere/);
	const json = await md.json(['capabilities', 'explain', '--client', 'assistant']);
	t.deepEqual(
		json.permissions.map((permission: {identifier: string; granted_by: string}) => [permission.identifier, permission.granted_by]),
		[['search:default', 'assistant-notes'], ['collections:read', 'assistant-notes']],
	);
	t.regex(String((await md.run(['capabilities', 'explain', '--client', 'someone'])).stdout), /Client 'someone' matches no capability over loopback: no access/);
	const remote = await md.run(['capabilities', 'explain', '--client', 'assistant', '--origin', 'https://example.com']);
	t.regex(String(remote.stdout), /matches no capability from https:\/\/example\.com/);
});
