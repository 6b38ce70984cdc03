// What `md-vector mcp-config` prints, and what it warns about on stderr. That each entry works when pasted is
// tested with real clients in test/mcp/mcp-config-clients.test.ts and test/oauth/oauth-flow.test.ts.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli, cliPath} from '../helpers/cli.js';

const printed = async (md: ReturnType<typeof cli>, args: string[]) => {
	const result = await md.run(['mcp-config', ...args]);
	return {entry: JSON.parse(String(result.stdout)).mcpServers[args.includes('--name') ? args[args.indexOf('--name') + 1]! : 'md-vector'], stderr: String(result.stderr), stdout: String(result.stdout)};
};

test('stdio: an absolute command and the settings of the daemon to reach; secrets only as ${VAR} references', async t => {
	const md = cli({MD_VECTOR_API_KEY: 'super-secret-value', MD_VECTOR_CLIENT_KEY: 'another-secret', MD_VECTOR_PORT: '7999'});
	const {entry, stdout} = await printed(md, ['--type', 'stdio', '--read-only']);
	t.true(path.isAbsolute(entry.command), entry.command);
	t.deepEqual(entry.args, [cliPath, 'mcp', '--read-only']);
	t.like(entry.env, {MD_VECTOR_HOME: md.home, MD_VECTOR_MODEL_DIR: md.environment.MD_VECTOR_MODEL_DIR, MD_VECTOR_ALLOWED_ROOTS: md.environment.MD_VECTOR_ALLOWED_ROOTS, MD_VECTOR_PORT: '7999'});
	t.is(entry.env.MD_VECTOR_API_KEY, undefined, 'a local daemon knows the bridge by its local token');
	t.notRegex(stdout, /super-secret-value|another-secret/);
	const remote = (await printed(cli({MD_VECTOR_URL: 'https://notes.example.com', MD_VECTOR_API_KEY: 'super-secret-value'}), ['--type', 'stdio'])).entry;
	t.like(remote.env, {MD_VECTOR_URL: 'https://notes.example.com', MD_VECTOR_API_KEY: '${MD_VECTOR_API_KEY}'}, 'a remote daemon needs the key: by reference');
});

test('--client: the variable clients.json names, and a warning on stderr when there is no such client', async t => {
	const md = cli({MD_VECTOR_PORT: '7999'});
	const missing = await printed(md, ['--type', 'stdio', '--client', 'notes-bot']);
	t.is(missing.entry.env.MD_VECTOR_CLIENT_KEY, '${MD_VECTOR_NOTES_BOT_KEY}');
	t.regex(missing.stderr, /there is no .*clients\.json, so no client 'notes-bot'/);
	mkdirSync(path.join(md.home, 'config'), {recursive: true});
	writeFileSync(path.join(md.home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'assistant', key: '${ASSISTANT_KEY}'}]}));
	const known = await printed(md, ['--type', 'http', '--client', 'assistant', '--name', 'notes']);
	t.like(known.entry, {type: 'http', headers: {Authorization: 'Bearer ${ASSISTANT_KEY}'}});
	t.regex(known.stderr, /set ASSISTANT_KEY to the key of client 'assistant'/);
	t.notRegex(known.stderr, /has no client/);
	const unknown = await printed(md, ['--type', 'http', '--client', 'nobody']);
	t.regex(unknown.stderr, /has no client 'nobody' \(it has: assistant\)/);
});

test('http and sse: the configured port, and the URL alone while OAuth is on; no header for a key that does not exist', async t => {
	const md = cli({MD_VECTOR_PORT: '7999'});
	t.deepEqual((await printed(md, ['--type', 'http'])).entry, {type: 'http', url: 'http://127.0.0.1:7999/mcp'});
	t.deepEqual((await printed(md, ['--type', 'sse'])).entry, {type: 'sse', url: 'http://127.0.0.1:7999/sse'});
	const off = await printed(cli({MD_VECTOR_PORT: '7999', MD_VECTOR_MCP_OAUTH: '0'}), ['--type', 'http']);
	t.deepEqual(off.entry, {type: 'http', url: 'http://127.0.0.1:7999/mcp'}, 'no key: no header');
	t.regex(off.stderr, /OAuth is off .* no API key/);
	const keyed = await printed(cli({MD_VECTOR_PORT: '7999', MD_VECTOR_MCP_OAUTH: '0', MD_VECTOR_API_KEY: 'k'}), ['--type', 'http', '--read-only']);
	t.deepEqual(keyed.entry.headers, {Authorization: 'Bearer ${MD_VECTOR_API_KEY}', 'X-MD-Vector-Read-Only': '1'});
	const temporary = await cli({MD_VECTOR_PORT: '0'}).run(['mcp-config', '--type', 'http']);
	t.is(temporary.exitCode, 1);
	t.regex(String(temporary.stderr), /the port setting 0 \(MD_VECTOR_PORT=0 or md-vector config set port 0\) gives the daemon no fixed port/);
});

test('the port setting of the config file, when the environment sets none; --json: the document and its warnings', async t => {
	const md = cli({MD_VECTOR_PORT: ''});
	t.is((await md.run(['config', 'set', 'port', '7444'])).exitCode, 0);
	t.deepEqual((await printed(md, ['--type', 'http'])).entry, {type: 'http', url: 'http://127.0.0.1:7444/mcp'});
	t.deepEqual(await md.json(['mcp-config', '--type', 'sse', '--client', 'ghost']), {
		mcpServers: {'md-vector': {type: 'sse', url: 'http://127.0.0.1:7444/sse', headers: {Authorization: 'Bearer ${MD_VECTOR_GHOST_KEY}'}}},
		warnings: [
			`there is no ${path.join(md.home, 'config', 'clients.json')}, so no client 'ghost': the daemon will answer 401 until you add it (see "Permissions" in docs/mcp-and-permissions.md)`,
			'set MD_VECTOR_GHOST_KEY to the key of client \'ghost\' in the assistant\'s environment',
		],
	});
	const environment = await printed(cli({MD_VECTOR_PORT: '7555'}, md.home), ['--type', 'http']);
	t.is(environment.entry.url, 'http://127.0.0.1:7555/mcp', 'the environment wins over the file');
});
