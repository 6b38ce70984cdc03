// `md-vector get PATTERN...` (issue 28) through the real CLI and daemon, on both storage backends: names and
// globs, each document under a header or {"documents": [...]}, --max-bytes skipping (listed), a pattern that
// matches nothing exits 1 saying so while the others print; the same over POST /documents/get and MCP.
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {localTokenHeader} from '../../common/local-token.js';
import {cli, type Cli} from '../helpers/cli.js';
import {cliOnBackend} from '../helpers/cli-on-backend.js';
import {makeTree} from '../helpers/file-tree.js';

const big = `# Big\n\n${'Long text. '.repeat(300)}\n`;
const tree = {
	'api/auth.md': '---\ntags: [security]\n---\n# Auth\n\nTokens.\n',
	'api/users.md': '# Users\n\nUsers.\n',
	'api/v1/old.md': '# Old\n\nOld.\n',
	'api/big.md': big,
	'guide/faq.md': '# FAQ\n\nQuestions.\n',
};

for (const backend of ['sqlite', 'postgres'] as const) {
	test.serial(`${backend}: get takes several names and globs; --max-bytes skips; a pattern matching nothing exits 1`, async t => {
		const md = await cliOnBackend(t, backend);
		t.teardown(md.stop);
		await md.json(['ingest-dir', makeTree(tree), '-C', 'g']);

		const many = await md.json(['get', 'api/*.md', 'guide/faq.md', '-C', 'g', '--max-bytes', '1000']);
		t.deepEqual(many.documents.map((document: {file: string}) => document.file), ['api/auth.md', 'api/users.md', 'guide/faq.md'], '* stays in its folder; the order is the patterns\'');
		t.like(many.documents[0], {file: 'api/auth.md', content: '---\ntags: [security]\n---\n# Auth\n\nTokens.', meta: {tags: ['security']}});
		t.deepEqual(many.skipped, [{file: 'api/big.md', byte_size: Buffer.byteLength(big), reason: 'too_large'}]);
		t.deepEqual(many.unmatched, []);

		const plain = await md.run(['get', 'api/**', 'guide/faq.md', '-C', 'g', '--max-bytes', '1000']);
		t.is(plain.exitCode, 0, String(plain.stderr));
		t.is(String(plain.stdout), '==> api/auth.md <==\n---\ntags: [security]\n---\n# Auth\n\nTokens.\n\n==> api/users.md <==\n# Users\n\nUsers.\n\n==> api/v1/old.md <==\n# Old\n\nOld.\n\n==> guide/faq.md <==\n# FAQ\n\nQuestions.');
		t.regex(String(plain.stderr), /skipped api\/big\.md: \d+ bytes, over --max-bytes 1000/);

		const missing = await md.run(['get', 'api/users.md', 'nothing/*.md', '-C', 'g']);
		t.is(missing.exitCode, 1);
		t.regex(String(missing.stdout), /==> api\/users\.md <==/, 'what matched still prints');
		t.regex(String(missing.stderr), /no document of 'g' matches 'nothing\/\*\.md'/);
		const missingJson = await md.run(['get', 'nothing/*.md', '-C', 'g', '--json']);
		t.is(missingJson.exitCode, 1);
		t.deepEqual(JSON.parse(String(missingJson.stdout)), {collection: 'g', documents: [], skipped: [], unmatched: ['nothing/*.md']});

		const one = await md.run(['get', 'api/users.md:3', '-C', 'g']);
		t.is(String(one.stdout), 'Users.', 'one FILE:LINE is the single get, unchanged');
		t.is((await md.run(['get', 'api/*.md', '-C', 'g', '--section', 'Auth'])).exitCode, 2, '--section takes one document');
		t.is((await md.run(['get', 'api/*.md', '-C', 'g', '--max-bytes', '0'])).exitCode, 2);
	});
}

test.serial('POST /documents/get and MCP get_documents answer alike; bad bodies are 400 naming the field', async t => {
	const md = cli();
	t.teardown(md.stop);
	const root = makeTree(tree);
	await md.json(['ingest-dir', root, '-C', 'g']);
	const record = md.record()!;
	const post = async (body: unknown) => {
		const response = await fetch(`http://127.0.0.1:${record.port}/api/v1/documents/get`, {
			method: 'POST', headers: {'content-type': 'application/json', [localTokenHeader]: record.token}, body: JSON.stringify(body),
		});
		return {status: response.status, body: await response.json()};
	};

	const api = await post({patterns: ['api/**', path.join(root, 'guide', 'faq.md')], collection: 'g', max_bytes: 1000});
	t.is(api.status, 200);
	t.deepEqual(api.body.documents.map((document: {file: string}) => document.file), ['api/auth.md', 'api/users.md', 'api/v1/old.md', 'guide/faq.md'], 'a file\'s absolute path is a name too');
	t.is(api.body.skipped[0].file, 'api/big.md');
	for (const [body, field] of [[{patterns: 'api/*'}, /^patterns/], [{patterns: []}, /^patterns/], [{patterns: ['']}, /^patterns/], [{patterns: ['a'], max_bytes: 0}, /^max_bytes/], [{patterns: ['a'], other: 1}, /^body|other/]] as const) {
		const refused = await post(body);
		t.is(refused.status, 400, JSON.stringify(body));
		t.regex(refused.body.error.message, field);
	}

	t.is((await post({patterns: ['a.md'], collection: 'nope'})).status, 404);

	const client = new Client({name: 'md-vector-test', version: '1.0.0'});
	await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${record.port}/mcp`), {requestInit: {headers: {[localTokenHeader]: record.token}}}));
	t.teardown(async () => client.close());
	const tool = await client.callTool({name: 'get_documents', arguments: {patterns: ['api/**', path.join(root, 'guide', 'faq.md')], collection: 'g', max_bytes: 1000}}) as {structuredContent: unknown};
	t.deepEqual(tool.structuredContent, api.body, 'the tool answers what the API does');
});
