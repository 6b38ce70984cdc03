import test from 'ava';
import {allowsCollection, applies, effectivePermissions} from '../../common/access/effective.js';
import {parseCapabilityFile} from '../../common/access/validate-capabilities.js';

const capabilities = parseCapabilityFile(JSON.stringify([
	{identifier: 'assistant-notes', permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}, 'collections:read'], clients: ['assistant*']},
	{identifier: 'team', permissions: [{identifier: 'search:default', allow: [{collection: 'team-*'}], deny: [{collection: 'team-secret'}]}], clients: ['*']},
	{identifier: 'web', permissions: ['search:default'], clients: ['web'], local: false, remote: {urls: ['https://notes.example.com']}},
	{identifier: 'mac-only', permissions: ['export:default'], clients: ['assistant'], platforms: ['macOS']},
]), 'caps.json');

test('client globs, local and remote decide which capabilities apply', t => {
	const names = (client: string, local: boolean, origin?: string) => capabilities.filter(capability => applies(capability, {client, local, origin}, 'linux')).map(capability => capability.identifier);
	t.deepEqual(names('assistant', true), ['assistant-notes', 'team']);
	t.deepEqual(names('assistant-2', true), ['assistant-notes', 'team']);
	t.deepEqual(names('script', true), ['team']);
	t.deepEqual(names('web', true), ['team'], 'local: false: not over loopback');
	t.deepEqual(names('web', false, 'https://notes.example.com'), ['web'], 'its origin matches remote.urls');
	t.deepEqual(names('web', false, 'https://evil.example.com'), [], 'another origin gets nothing');
	t.true(applies(capabilities[3]!, {client: 'assistant', local: true}, 'macOS'));
	t.false(applies(capabilities[3]!, {client: 'assistant', local: true}, 'linux'), 'platforms limit it');
});

test('an OAuth client (oauth:<client id>) is matched by a capability naming it exactly, never by a glob', t => {
	const named = parseCapabilityFile(JSON.stringify({identifier: 'named', permissions: ['ingest:default'], clients: ['oauth:4f1c']}), 'named.json')[0]!;
	const party = (client: string) => ({client, local: true});
	t.deepEqual(capabilities.filter(capability => applies(capability, party('oauth:4f1c'), 'linux')), [], '"*" and "assistant*" match no OAuth client');
	t.true(applies(named, party('oauth:4f1c'), 'linux'));
	t.false(applies(named, party('oauth:4f1c2'), 'linux'));
	t.deepEqual(effectivePermissions([...capabilities, named], party('oauth:4f1c')).map(grant => grant.capability), ['named']);
});

test('collection scopes: allow globs, deny wins, no scope means every collection', t => {
	const assistant = effectivePermissions(capabilities, {client: 'assistant', local: true});
	t.true(allowsCollection(assistant, 'search:default', 'notes'));
	t.true(allowsCollection(assistant, 'search:default', 'team-docs'));
	t.false(allowsCollection(assistant, 'search:default', 'team-secret'), 'deny wins');
	t.false(allowsCollection(assistant, 'search:default', 'private'));
	t.true(allowsCollection(assistant, 'collections:read', 'anything'));
	t.false(allowsCollection(assistant, 'documents:delete', 'notes'), 'not granted at all');
	t.deepEqual(effectivePermissions(capabilities, {client: 'nobody', local: false}), [], 'deny by default');
});
