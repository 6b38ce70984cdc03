// `md-vector clients list | revoke | sign-in` against a real daemon, as the owner (the CLI's local token); the
// whole sign-in with an application and a browser is in test/oauth/oauth-flow.test.ts.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';

test('list, revoke and sign-in: text, --json, and failures that say what to do', async t => {
	const md = cli({ASSISTANT_KEY: 'assistant-secret'});
	t.teardown(async () => md.stop());
	const empty = await md.run(['clients', 'list']);
	t.is(empty.exitCode, 0, String(empty.stderr));
	t.is(String(empty.stdout), '');
	t.regex(String(empty.stderr), /No clients yet\. An assistant signs in with OAuth when its entry has the URL alone: md-vector mcp-config --type http/);

	mkdirSync(path.join(md.home, 'config'), {recursive: true});
	writeFileSync(path.join(md.home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'assistant', key: '${ASSISTANT_KEY}'}]}));
	await md.stop(); // the daemon reads clients.json when it starts
	t.deepEqual(await md.json(['clients', 'list']), {clients: [{label: 'assistant', kind: 'key'}]});
	t.regex(String((await md.run(['clients', 'list'])).stdout), /^assistant {2}API key \(clients\.json\); its capability files decide what it may do$/m);

	const key = await md.run(['clients', 'revoke', 'assistant']);
	t.is(key.exitCode, 1);
	t.regex(String(key.stderr), /'assistant' is a clients\.json key: remove it from clients\.json \(or change its key\) to revoke it/);
	const unknown = await md.run(['clients', 'revoke', 'nobody', '--json']);
	t.is(unknown.exitCode, 1);
	t.like(JSON.parse(String(unknown.stdout)), {error: {code: 'not_found', message: 'no OAuth sign-in labelled or named \'nobody\' (md-vector clients list shows them)'}});

	const waiting = await md.run(['clients', 'sign-in', '--no-open']);
	t.is(waiting.exitCode, 1);
	t.regex(String(waiting.stderr), /no application is waiting for your approval: start the sign-in in your assistant first/);
	t.is((await md.run(['clients', 'revoke'])).exitCode, 2, 'LABEL is required');
});
