// A daemon elsewhere: --url / MD_VECTOR_URL with headers from the environment or from a headers helper whose
// first token has expired (the daemon answers 401) and which hands out a fresh one when asked again.
import {chmodSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {startDaemon, type RunningDaemon} from '../helpers/daemon.js';
import {cli, cliPath} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';

let daemon: RunningDaemon;
test.before(async () => {
	daemon = await startDaemon({MD_VECTOR_API_KEY: 'fresh-token'});
});
test.after.always(async () => {
	await daemon?.stop();
});

test('--url with MD_VECTOR_HEADERS: ${VAR} references are expanded from the environment', async t => {
	const md = cli({MD_VECTOR_HEADERS: '{"X-API-Key": "${NOTES_TOKEN}"}', NOTES_TOKEN: 'fresh-token'});
	t.deepEqual(await md.json(['--url', daemon.url, 'collections']), {collections: []});
	t.deepEqual(await md.json(['collections', `--url=${daemon.url}`]), {collections: []}, 'anywhere on the line');
	const unset = await cli({MD_VECTOR_HEADERS: '{"X-API-Key": "${MISSING_TOKEN}"}'}).run(['collections', '--url', daemon.url]);
	t.is(unset.exitCode, 2);
	t.regex(String(unset.stderr), /MD_VECTOR_HEADERS X-API-Key: \${MISSING_TOKEN} is not set in the environment/);
	const wrong = await cli({MD_VECTOR_API_KEY: 'wrong'}).run(['collections', '--url', daemon.url]);
	t.is(wrong.exitCode, 1);
	t.regex(String(wrong.stderr), /^md-vector: invalid API key$/m);
});

/** A helper script that prints an expired token on its first call and a fresh one after; returns it and its call counter. */
function expiringHelper(): {helper: string; calls: () => string} {
	const folder = temporaryDirectory('md-vector-helper-');
	const calls = path.join(folder, 'calls');
	writeFileSync(calls, '0');
	const helper = path.join(folder, 'token-helper.sh');
	// First call: a token the daemon no longer accepts; later calls: a fresh one.
	writeFileSync(helper, `#!/bin/sh\nn=$(($(cat '${calls}') + 1))\necho $n > '${calls}'\nif [ $n -eq 1 ]; then echo '{"Authorization": "Bearer expired-token"}'; else echo '{"Authorization": "Bearer fresh-token"}'; fi\n`);
	chmodSync(helper, 0o755);
	return {helper, calls: () => readFileSync(calls, 'utf8').trim()};
}

test('a headers helper whose token expired is asked again on 401, and the command succeeds', async t => {
	const {helper, calls} = expiringHelper();
	const md = cli({MD_VECTOR_URL: daemon.url, MD_VECTOR_HEADERS_HELPER: helper});
	t.deepEqual(await md.json(['collections']), {collections: []});
	t.is(calls(), '2', 'asked once at start and once after the 401');

	writeFileSync(helper, '#!/bin/sh\necho not json\n');
	const broken = await md.run(['collections']);
	t.is(broken.exitCode, 2);
	t.regex(String(broken.stderr), /MD_VECTOR_HEADERS_HELPER .*token-helper\.sh must print a JSON object of header names to values; it printed: not json/);
});

test('md-vector mcp against a remote daemon renews an expired token from the helper too', async t => {
	const {helper, calls} = expiringHelper();
	const client = new Client({name: 'md-vector-test', version: '1.0.0'});
	await client.connect(new StdioClientTransport({command: 'node', args: [cliPath, 'mcp'], env: {...cli().environment, MD_VECTOR_URL: daemon.url, MD_VECTOR_HEADERS_HELPER: helper}, stderr: 'pipe'}));
	t.teardown(async () => client.close());
	t.true((await client.listTools()).tools.some(tool => tool.name === 'search'));
	t.is(calls(), '2');
});
