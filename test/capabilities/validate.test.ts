import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {loadAccessConfig} from '../../common/access/load-capabilities.js';
import {CapabilityError, parseCapabilityFile} from '../../common/access/validate-capabilities.js';
import {temporaryDirectory} from '../helpers/paths.js';

const problemsOf = (value: unknown, file = 'assistant.json') => {
	try {
		parseCapabilityFile(JSON.stringify(value), file);
	} catch (error) {
		if (error instanceof CapabilityError) {
			return error.problems;
		}

		throw error;
	}

	return [];
};

const search = {identifier: 'assistant', permissions: ['search:default'], clients: ['assistant']};

test('a valid capability in each of the three file forms, with defaults filled in', t => {
	for (const document of [search, [search], {capabilities: [search]}]) {
		const [capability] = parseCapabilityFile(JSON.stringify(document), 'a.json');
		t.like(capability, {identifier: 'assistant', description: '', local: true, clients: ['assistant'], source: 'a.json'});
		t.deepEqual(capability!.permissions, [{identifier: 'search:default', allow: [], deny: []}]);
	}
});

const malformed: Array<[string, unknown, RegExp]> = [
	['missing identifier', {permissions: ['search:default']}, /^assistant\.json: \$\.identifier: is required$/],
	['missing permissions', {identifier: 'x'}, /^assistant\.json: \$\.permissions: is required$/],
	['duplicate permission', {...search, permissions: ['search:default', 'collections:read', 'search:default']},
		/^assistant\.json: \$\.permissions\[2]: 'search:default' is listed twice \(also at permissions\[0]\); permissions must be unique$/],
	['unknown permission, with the nearest', {...search, permissions: ['search:defualt']},
		/^assistant\.json: \$\.permissions\[0]: unknown permission 'search:defualt' \(did you mean 'search:default'\?\)$/],
	['unknown fs permission', {...search, permissions: ['fs:allow-home-read-recursiv']}, /did you mean 'fs:allow-home-read-recursive'\?/],
	['bad client glob', {...search, clients: ['assist[ant']}, /^assistant\.json: \$\.clients\[0]: 'assist\[ant' is not a valid glob: Missing closing: "]"/],
	['bad collection glob', {...search, permissions: [{identifier: 'search:default', allow: [{collection: 'notes{a,b'}]}]},
		/^assistant\.json: \$\.permissions\[0]\.allow\[0]\.collection: 'notes{a,b' is not a valid glob/],
	['bad URL pattern', {...search, remote: {urls: ['https://exa mple.com(']}}, /^assistant\.json: \$\.remote\.urls\[0]: 'https:\/\/exa mple\.com\(' is not a valid URL pattern/],
	['bad directory variable', {...search, permissions: [{identifier: 'fs:allow-home-read-recursive', allow: [{path: '$HOEM/notes/**'}]}]},
		/^assistant\.json: \$\.permissions\[0]\.allow\[0]\.path: unknown directory variable '\$HOEM' \(did you mean '\$HOME'\?\)$/],
	['relative path', {...search, permissions: [{identifier: 'fs:default', allow: [{path: 'notes/**'}]}]}, /must be absolute or start with a directory variable/],
	['path escaping with ..', {...search, permissions: [{identifier: 'fs:default', allow: [{path: '$HOME/notes/../.ssh/**'}]}]}, /must not contain '\.\.'/],
	['collection scope on an fs permission', {...search, permissions: [{identifier: 'fs:default', allow: [{collection: 'notes'}]}]}, /a scope of 'fs:default' is { "path": \.{3} }/],
	['path scope on a collection permission', {...search, permissions: [{identifier: 'search:default', deny: [{path: '/x'}]}]}, /a scope of 'search:default' is { "collection": \.\.\. }/],
	['a glob for OAuth clients, which never matches one', {...search, clients: ['oauth:*']},
		/^assistant\.json: \$\.clients\[0]: 'oauth:\*': an OAuth client is named exactly \(oauth:<client id>, as md-vector clients list shows it\); globs never match OAuth clients$/],
	['windows instead of clients', {identifier: 'x', permissions: [], windows: ['main']}, /^assistant\.json: \$\.windows: md-vector capabilities bind to API clients/],
	['unknown field', {...search, colour: 'blue'}, /^assistant\.json: \$: Unrecognized key: "colour"$/],
	['unknown platform', {...search, platforms: ['beos']}, /^assistant\.json: \$\.platforms\[0]: must be one of linux, macOS, windows/],
	['local not a boolean', {...search, local: 'yes'}, /^assistant\.json: \$\.local: must be true or false$/],
];
for (const [name, document, pattern] of malformed) {
	test(`refused: ${name}`, t => {
		const problems = problemsOf(document);
		t.is(problems.length, 1, problems.join('\n'));
		t.regex(problems[0] ?? '', pattern);
	});
}

test('every problem of a file is listed, with the capability index in a list', t => {
	const problems = problemsOf({capabilities: [search, {identifier: 'b', permissions: ['nope:x', 'search:default', 'search:default']}]});
	t.is(problems.length, 2);
	t.regex(problems[0]!, /^assistant\.json: \$\.capabilities\[1]\.permissions\[0]: unknown permission 'nope:x'/);
	t.regex(problems[1]!, /^assistant\.json: \$\.capabilities\[1]\.permissions\[2]: 'search:default' is listed twice/);
	t.is(problemsOf('not json').length, 1);
});

test('the config folder: identifiers unique across files; clients by hash or ${VAR}, never a literal key', t => {
	const config = temporaryDirectory('md-vector-config-');
	mkdirSync(path.join(config, 'capabilities'));
	writeFileSync(path.join(config, 'capabilities', 'a.json'), JSON.stringify(search));
	t.is(loadAccessConfig(config).capabilities.length, 1);
	writeFileSync(path.join(config, 'capabilities', 'b.json'), JSON.stringify([search]));
	t.throws(() => loadAccessConfig(config), {message: /b\.json: identifier 'assistant' is already used in .*a\.json; identifiers must be unique/});
	writeFileSync(path.join(config, 'capabilities', 'b.json'), JSON.stringify({...search, identifier: 'other'}));

	writeFileSync(path.join(config, 'clients.json'), JSON.stringify({clients: [{label: 'assistant', key: 'sk-live-123'}]}));
	t.throws(() => loadAccessConfig(config), {message: /clients\.json: \$\.clients\[0]\.key: must be a \${VARIABLE} reference: a literal secret never goes in a file/});
	writeFileSync(path.join(config, 'clients.json'), JSON.stringify({clients: [{label: 'assistant', key: '${ASSISTANT_KEY}'}, {label: 'script', key_sha256: 'a'.repeat(64)}]}));
	t.throws(() => loadAccessConfig(config, {}), {message: /clients\[0]\.key: \${ASSISTANT_KEY} is not set in the daemon's environment/});
	const loaded = loadAccessConfig(config, {ASSISTANT_KEY: 'secret'});
	t.deepEqual(loaded.clients.map(client => client.label), ['assistant', 'script']);
	t.is(loaded.clients[0]!.keyHash, '2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b', 'sha256 of the variable\'s value');
});
