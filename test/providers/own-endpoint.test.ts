// md-vector serves its model at POST /v1/embeddings (OpenAI's wire format) and a second daemon embeds through it
// (embed-provider openai): real processes; the wire format and limits with the small test model, the comparison
// with the real all-MiniLM-L6-v2 on every side (MD_VECTOR_TEST_MODEL_DIR...; without it that test is SKIPPED, saying why).
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {findRealModel} from '../helpers/real-model.js';

const key = 'server-key-for-tests';
const documents = [
	['kubernetes.md', '# Pods\n\nA pod is a group of containers scheduled together on one node.\n\n## Probes\n\nLiveness probes restart a container that hangs.'],
	['powershell.md', '# Get-ChildItem\n\nLists the items in a location, such as files in a folder.'],
	['garden.md', '# Tomatoes\n\nWater tomatoes at the base in the morning; mulch keeps the soil moist.'],
] as const;

const bearer = {authorization: `Bearer ${key}`};

/** A daemon with the test model that serves /v1/embeddings with an API key; a client `reader` may search but not embed. */
async function modelServer(port = 0, home = temporaryDirectory(), env: Record<string, string> = {}): Promise<RunningDaemon> {
	mkdirSync(path.join(home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(home, 'config', 'clients.json'), JSON.stringify({clients: [{label: 'reader', key: '${READER_KEY}'}, {label: 'embedder', key: '${EMBEDDER_KEY}'}]}));
	writeFileSync(path.join(home, 'config', 'capabilities', 'clients.json'), JSON.stringify([
		{identifier: 'reader', clients: ['reader'], permissions: ['search:default']},
		{identifier: 'embedder', clients: ['embedder'], permissions: ['embeddings:default']},
	]));
	const daemon = await startDaemon({MD_VECTOR_API_KEY: key, READER_KEY: 'reader-key', EMBEDDER_KEY: 'embedder-key', ...env}, home, port);
	await untilReady(daemon);
	return daemon;
}

async function ingestAll(daemon: RunningDaemon): Promise<void> {
	for (const [fileName, content] of documents) {
		const {status, body} = await daemon.request('POST', '/api/v1/ingest', {content, file_name: fileName, collection: 'notes'}, bearer);
		if (status !== 200) {
			throw new Error(`ingest ${fileName}: ${status} ${JSON.stringify(body)}`);
		}
	}
}

const ranking = async (daemon: RunningDaemon, query: string) => {
	const {body} = await daemon.request('POST', '/api/v1/search', {query, mode: 'semantic', collection: 'notes', top_k: 5}, bearer);
	return (body.results as Array<{id: string; score: number}>).map(({id, score}) => `${id} ${score.toFixed(5)}`);
};

test('POST /v1/embeddings answers in OpenAI\'s wire format, behind the key and its own permission, with bounded input', async t => {
	const server = await modelServer();
	t.teardown(async () => server.stop());
	const embed = async (body: unknown, headers: Record<string, string> = bearer) => server.request('POST', '/v1/embeddings', body, headers);
	t.is((await embed({input: 'x', model: 'tiny'}, {})).status, 401);
	t.like(await embed({input: 'x', model: 'tiny'}, {authorization: 'Bearer reader-key'}), {status: 403, body: {error: {code: 'forbidden', message: 'client \'reader\' lacks \'embeddings:default\''}}});
	const answer = await embed({input: ['a pod of containers', 'tomatoes in the morning'], model: 'tiny'}, {authorization: 'Bearer embedder-key'});
	t.is(answer.status, 200);
	t.like(answer.body, {object: 'list', model: 'tiny', data: [{object: 'embedding', index: 0}, {object: 'embedding', index: 1}]});
	t.true(answer.body.usage.prompt_tokens > 4, 'tokens counted');
	t.true((answer.body.data[1].embedding as number[]).every(value => Number.isFinite(value)));
	const vector = (await embed({input: 'a pod of containers', model: 'tiny'})).body.data[0].embedding as number[];
	const packed = await embed({input: 'a pod of containers', model: 'test/tiny', encoding_format: 'base64'});
	const bytes = Buffer.from(packed.body.data[0].embedding as string, 'base64');
	t.deepEqual(Array.from({length: bytes.length / 4}, (_, index) => bytes.readFloatLE(index * 4)), vector, 'base64 is the same float32 vector (and a hub id ending in the name is the model)');

	t.like(await embed({input: 'x', model: 'text-embedding-3-small'}), {status: 404, body: {error: {code: 'model_not_found'}}});
	t.like(await embed({input: 'one text alone', model: 'tiny'}), {status: 200, body: {data: [{index: 0}]}});
	const refused: Array<[unknown, RegExp]> = [
		[{input: Array.from({length: 257}, () => 'x'), model: 'tiny'}, /^input: must hold 1 to 256 texts$/],
		[{input: ['x'.repeat(100_001), 'y'.repeat(100_000)], model: 'tiny'}, /^input: must hold at most 200,000 characters in all$/],
		[{input: [[101, 102]], model: 'tiny'}, /^input: must be a string or an array of strings$/],
		[{input: [''], model: 'tiny'}, /^input\.0: must not be empty$/],
		[{input: 'x'}, /^model: must name the model/],
		[{input: 'x', model: 'tiny', dimensions: 7}, /^dimensions: tiny makes \d+ dimensions and cannot shorten its vectors/],
	];
	for (const [body, message] of refused) {
		const {status, body: error} = await embed(body);
		t.is(status, 400, JSON.stringify(body).slice(0, 80));
		t.regex(error.error.message as string, message);
	}
});

const realModel = findRealModel();
if ('missing' in realModel) {
	console.warn(`SKIPPED own-endpoint test with the real model: ${realModel.missing}`);
	// eslint-disable-next-line ava/no-skip-test, ava/require-assertion
	test.skip(`a second daemon embeds through the first: SKIPPED, ${realModel.missing}`, () => undefined);
} else {
	// The real model on every side. e5's prefixes are set by hand (MiniLM has none): the endpoint embeds texts as
	// given, the client daemon puts passage: before its documents and query: before its queries, as the local one does.
	const model = {MD_VECTOR_MODEL_DIR: realModel.directory, MD_VECTOR_DOCUMENT_PREFIX: 'passage: ', MD_VECTOR_QUERY_PREFIX: 'query: ', MD_VECTOR_ONNX_SPIN: '0'};
	test('a second daemon embeds through the first (openai provider), all-MiniLM-L6-v2 on both: the same vectors as the model run locally; keyword with a notice while it is away, semantic again once it is back', async t => {
		t.timeout(300_000, 'three daemons load the real model on a busy machine');
		const server = await modelServer(0, temporaryDirectory(), model);
		const {port} = new URL(server.url);
		const client = await startDaemon({...model, MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_URL: `${server.url}/v1`, MD_VECTOR_EMBED_MODEL: 'all-MiniLM-L6-v2', MD_VECTOR_EMBED_KEY: key, MD_VECTOR_API_KEY: key, MD_VECTOR_EMBED_WAIT_S: '300'});
		const local = await startDaemon({...model, MD_VECTOR_API_KEY: key});
		const later: RunningDaemon[] = [];
		t.teardown(async () => {
			await Promise.all([client.stop(), local.stop(), server.stop(), ...later.map(async daemon => daemon.stop())]);
		});
		await Promise.all([untilReady(client), untilReady(local)]);
		t.like((await client.request('GET', '/api/v1/health')).body.checks.embedder, {status: 'ok', model: 'openai:all-MiniLM-L6-v2', dimension: 384});
		await Promise.all([ingestAll(client), ingestAll(local)]);
		t.like((await client.request('GET', '/api/v1/stats?collection=notes', undefined, bearer)).body, {model: 'openai:all-MiniLM-L6-v2'});
		for (const query of ['containers that hang', 'watering the garden', 'list files in a folder']) {
			// Were the endpoint to put its passage: before the client's, every score would differ.
			t.deepEqual(await ranking(client, query), await ranking(local, query), `'${query}': same hits, same scores`);
		}

		await server.stop();
		const during = await client.request('POST', '/api/v1/search', {query: 'what restarts a container', collection: 'notes'}, bearer);
		t.is(during.status, 200);
		t.regex(during.body.notice as string, /^hybrid search fell back to keyword: the embedding server is out of reach: .*ECONNREFUSED/);
		t.true(during.body.results.length > 0, 'keyword hits meanwhile');
		t.like(await client.request('POST', '/api/v1/search', {query: 'a new question', mode: 'semantic', collection: 'notes'}, bearer), {status: 503, body: {error: {code: 'embedder_unavailable'}}});
		t.like((await client.request('GET', '/api/v1/health')).body, {status: 'degraded', checks: {embedder: {status: 'unavailable'}}});
		// An ingestion meanwhile waits for the server (MD_VECTOR_EMBED_WAIT_S; one that waits too long stops: provider-client.test.ts).
		const waiting = client.request('POST', '/api/v1/ingest', {content: '# Later\n\nWritten while the model server is away.', file_name: 'later.md', collection: 'notes'}, bearer);
		t.truthy(await poll(async () => (/stayed|out of reach/.test(JSON.stringify((await client.request('GET', '/api/v1/health')).body)) ? true : undefined), 30_000));
		later.push(await modelServer(Number(port), server.home, model));
		t.like(await waiting, {status: 200, body: {outcome: 'indexed', chunks: 1}}, 'the ingestion resumed once the server was back');
		const back = await poll(async () => {
			const response = await client.request('POST', '/api/v1/search', {query: 'a new question', mode: 'semantic', collection: 'notes'}, bearer);
			return response.status === 200 ? response : undefined;
		}, 60_000);
		t.truthy(back, 'semantic search works again once the server is back');
		t.like((await client.request('GET', '/api/v1/health')).body.checks.embedder, {status: 'ok'});
	});
}

test('a collection made by another model keeps it: a daemon whose settings file names a model server still writes and searches it with its own model, and a new collection gets the server\'s', async t => {
	const home = temporaryDirectory();
	const local = await startDaemon({MD_VECTOR_API_KEY: key}, home);
	await untilReady(local);
	await ingestAll(local);
	await local.stop();
	const server = await modelServer();
	// This time the provider comes from the settings file (md-vector config set), the key from the environment.
	writeFileSync(path.join(home, 'config', 'config.json'), JSON.stringify({'embed-provider': 'openai', 'embed-url': `${server.url}/v1`, 'embed-model': 'tiny'}));
	const client = await startDaemon({MD_VECTOR_EMBED_KEY: key, MD_VECTOR_API_KEY: key}, home);
	t.teardown(async () => {
		await Promise.all([client.stop(), server.stop()]);
	});
	await untilReady(client);
	t.like((await client.request('GET', '/api/v1/health')).body.checks.embedder, {status: 'ok', model: 'openai:tiny'});
	const more = await client.request('POST', '/api/v1/ingest', {content: '# More\n\nAnother note about pods.', file_name: 'more.md', collection: 'notes'}, bearer);
	t.is(more.status, 200, JSON.stringify(more.body));
	t.like((await client.request('GET', '/api/v1/stats?collection=notes', undefined, bearer)).body, {model: 'tiny'}, 'written with its own model, never mixed with the server\'s');
	const search = await client.request('POST', '/api/v1/search', {query: 'pods', mode: 'semantic', collection: 'notes'}, bearer);
	t.is(search.status, 200, JSON.stringify(search.body));
	t.is(search.body.notice, undefined);
	t.true(search.body.results.length > 0);
	const fresh = await client.request('POST', '/api/v1/ingest', {content: '# Fresh\n\nA new collection.', file_name: 'fresh.md', collection: 'fresh'}, bearer);
	t.is(fresh.status, 200, JSON.stringify(fresh.body));
	t.like((await client.request('GET', '/api/v1/stats?collection=fresh', undefined, bearer)).body, {model: 'openai:tiny'});
	const models = (await client.request('GET', '/api/v1/health')).body.checks.embedder.models as Array<{model: string; default: boolean}>;
	t.deepEqual(models.map(entry => `${entry.model} ${entry.default}`).sort(), ['openai:tiny true', 'tiny false']);
});
