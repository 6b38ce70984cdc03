// Search filters (issue 28) through the real CLI and daemon, on both storage backends: --path globs over the
// stored names, --where front matter fields (a list holds when any element does), both at once, in every mode;
// the API's `filter` and its refusals naming the field; get --json shows the front matter.
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import {localTokenHeader} from '../../common/local-token.js';
import {cli, type Cli} from '../helpers/cli.js';
import {cliOnBackend} from '../helpers/cli-on-backend.js';
import {makeTree} from '../helpers/file-tree.js';

const loud = Object.fromEntries(Array.from({length: 12}, (_, index) => [`loud/l${index}.md`, `---\nstatus: draft\n---\n# Kiwi ${index}\n\nKiwi kiwi kiwi kiwi.\n`]));
const tree = {
	...loud,
	'api/auth.md': '---\ntitle: Auth\nstatus: published\ntags: [security, api]\nversion: 2\n---\n# Auth\n\nA kiwi and tokens.\n',
	'api/v1/users.md': '---\nstatus: draft\ntags:\n  - api\n---\n# Users\n\nA kiwi and users.\n',
	'guide/faq.md': '---\nstatus: published\ntags: security\n---\n# FAQ\n\nA kiwi question.\n',
	'readme.md': '# Readme\n\nA kiwi readme.\n',
};

async function files(md: Cli, args: readonly string[]): Promise<string[]> {
	const response = await md.json(['search', 'kiwi', '-C', 'f', ...args]);
	return response.results.map((hit: {source_file: string}) => hit.source_file).sort();
}

async function post(md: Cli, body: unknown): Promise<{status: number; body: any}> {
	const record = md.record()!;
	const response = await fetch(`http://127.0.0.1:${record.port}/api/v1/search`, {
		method: 'POST', headers: {'content-type': 'application/json', [localTokenHeader]: record.token}, body: JSON.stringify(body),
	});
	return {status: response.status, body: await response.json()};
}

for (const backend of ['sqlite', 'postgres'] as const) {
	test.serial(`${backend}: --path and --where keep only the documents they match, in every mode, inside top-k`, async t => {
		const md = await cliOnBackend(t, backend);
		t.teardown(md.stop);

		await md.json(['ingest-dir', makeTree(tree), '-C', 'f']);
		t.true((await files(md, ['--mode', 'keyword', '-k', '3'])).every(file => file.startsWith('loud/')), 'unfiltered, the loud documents fill the top 3');
		for (const mode of ['keyword', 'semantic', 'hybrid']) {
			const search = async (...args: string[]) => files(md, ['--mode', mode, '-k', '3', ...args]);
			t.deepEqual(await search('--path', 'api/**'), ['api/auth.md', 'api/v1/users.md'], `${mode}: ** across folders`);
			t.deepEqual(await search('--path', 'api/*'), ['api/auth.md'], `${mode}: * within one`);
			t.deepEqual(await search('--path', 'guide/*', '--path', 'readme.md'), ['guide/faq.md', 'readme.md'], `${mode}: any --path may match`);
			t.deepEqual(await search('--where', 'tags=security'), ['api/auth.md', 'guide/faq.md'], `${mode}: a list or a scalar field`);
			t.deepEqual(await search('--where', 'tags=api', '--where', 'status=draft'), ['api/v1/users.md'], `${mode}: every --where must hold`);
			t.deepEqual(await search('--where', 'status=published', '--path', 'api/**'), ['api/auth.md'], `${mode}: --path and --where together`);
			t.deepEqual(await search('--where', 'version=2'), ['api/auth.md'], `${mode}: a number as written`);
			t.deepEqual(await search('--where', 'status=gone'), [], `${mode}: nothing kept, nothing found`);
		}

		const plain = await md.run(['search', 'kiwi', '-C', 'f', '--path', 'api/*', '--mode', 'keyword']);
		t.is(plain.exitCode, 0);
		t.regex(String(plain.stdout), /api\/auth\.md/);
		t.notRegex(String(plain.stdout), /loud\//);

		const api = await post(md, {query: 'kiwi', collection: 'f', mode: 'hybrid', top_k: 3, filter: {paths: ['api/**'], meta: {tags: 'security'}}});
		t.is(api.status, 200);
		t.deepEqual(api.body.results.map((hit: {source_file: string}) => hit.source_file), ['api/auth.md'], 'the API\'s filter');
		const document = await md.json(['get', 'api/auth.md', '-C', 'f']);
		t.deepEqual(document.meta, {title: 'Auth', status: 'published', tags: ['security', 'api'], version: 2}, 'get --json shows the front matter');
		t.deepEqual((await md.json(['get', 'readme.md', '-C', 'f'])).meta, {});
	});
}

test.serial('bad filters are refused naming the field: 400 on the API, exit 2 on the CLI', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.json(['ingest', path.join(makeTree({'a.md': '# A\n\nkiwi\n'}), 'a.md'), '-C', 'f']);
	for (const [filter, field] of [
		[{paths: 'api/**'}, /^filter\.paths/], [{paths: []}, /^filter\.paths/], [{paths: ['']}, /^filter\.paths/], [{paths: Array.from({length: 21}, () => 'a')}, /^filter\.paths/],
		[{meta: {status: 1}}, /^filter\.meta/], [{meta: 'status=draft'}, /^filter\.meta/], [{meta: {}}, /^filter\.meta/], [{tags: ['a']}, /^filter: takes only paths and meta/], ['api', /^filter/],
	] as const) {
		const answer = await post(md, {query: 'kiwi', collection: 'f', filter});
		t.is(answer.status, 400, JSON.stringify(filter));
		t.regex(answer.body.error.message, field, JSON.stringify(filter));
	}

	const where = await md.run(['search', 'kiwi', '-C', 'f', '--where', 'status']);
	t.is(where.exitCode, 2);
	t.regex(String(where.stderr), /--where.*must be KEY=VALUE/);
	const twice = await md.run(['search', 'kiwi', '-C', 'f', '--where', 'tags=a', '--where', 'tags=b']);
	t.is(twice.exitCode, 2);
	t.regex(String(twice.stderr), /--where: front matter field 'tags' is given twice/);
	const empty = await md.run(['search', 'kiwi', '-C', 'f', '--path', '']);
	t.is(empty.exitCode, 2);
	t.regex(String(empty.stderr), /--path/);
});
