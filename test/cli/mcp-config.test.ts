import test from 'ava';
import {cli} from '../helpers/cli.js';

test('mcp-config prints server entries with ${VAR} references only, never a secret value', async t => {
	const md = cli({MD_VECTOR_API_KEY: 'super-secret-value', MD_VECTOR_CLIENT_KEY: 'another-secret'});
	const stdio = await md.run(['mcp-config', '--type', 'stdio', '--read-only']);
	t.deepEqual(JSON.parse(String(stdio.stdout)), {mcpServers: {'md-vector': {command: 'md-vector', args: ['mcp', '--read-only']}}});
	const client = JSON.parse(String((await md.run(['mcp-config', '--type', 'stdio', '--client', 'notes-bot'])).stdout));
	t.deepEqual(client.mcpServers['md-vector'].env, {MD_VECTOR_CLIENT_KEY: '${MD_VECTOR_NOTES_BOT_KEY}'});
	const http = await md.run(['mcp-config', '--type', 'http', '--client', 'assistant', '--name', 'notes']);
	const entry = JSON.parse(String(http.stdout)).mcpServers.notes;
	t.like(entry, {type: 'http', headers: {Authorization: 'Bearer ${MD_VECTOR_ASSISTANT_KEY}'}});
	t.regex(entry.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
	for (const output of [stdio, http]) {
		t.notRegex(String(output.stdout), /super-secret-value|another-secret/);
	}
});
