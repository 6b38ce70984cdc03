// The model-server client against a FAKE server (test/helpers/fake-embedding-server.ts) for what a real server
// will not do on demand: 429 with Retry-After, 5xx, a bad vector, a wrong count, a refused key or model, a server
// that goes away and comes back. Real servers: own-endpoint.test.ts and ollama.test.ts.
import path from 'node:path';
import test from 'ava';
import {modelLoader} from '../../daemon/load-embedder.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';
import {ModelResolver} from '../../daemon/models/model-resolver.js';
import {EmbedderOutage} from '../../daemon/engine/embedder/embedder.js';
import {loadProviderEmbedder} from '../../daemon/engine/embedder/providers/load-provider.js';
import {ProviderError} from '../../daemon/engine/embedder/providers/provider-errors.js';
import {embedSettingsFromEnv, referenceOf, type ProviderSettings} from '../../daemon/engine/embedder/providers/provider-settings.js';
import {poll} from '../../source/client/poll.js';
import {startFakeEmbeddingServer, type FakeServer} from '../helpers/fake-embedding-server.js';
import {temporaryDirectory, tinyModelDir} from '../helpers/paths.js';

function settingsOf(server: FakeServer, env: Record<string, string> = {}): ProviderSettings {
	return embedSettingsFromEnv({MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_URL: `${server.url}/v1`, MD_VECTOR_EMBED_MODEL: 'fake-model', ...env}) as ProviderSettings;
}

/** The message of the error `promise` rejects with ('' when it resolves: the regex then fails). */
async function refusal(promise: Promise<unknown>): Promise<string> {
	return promise.then(() => '', (error: unknown) => (error as Error).message);
}

const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + (value * value), 0));

test('openai: the first answer sets the size; vectors come back unit length in the order of the texts, in bounded requests, a few at once', async t => {
	const server = await startFakeEmbeddingServer({dims: 6});
	t.teardown(async () => server.close());
	const settings = settingsOf(server, {MD_VECTOR_EMBED_BATCH: '3', MD_VECTOR_EMBED_BATCH_CHARS: '1000', MD_VECTOR_EMBED_CONCURRENCY: '2'});
	const embedder = await loadProviderEmbedder(referenceOf(settings), settings);
	t.is(embedder.modelId, 'openai:fake-model');
	t.is(embedder.dims, 6);
	t.like(server.requests[0], {path: '/v1/embeddings', body: {model: 'fake-model', encoding_format: 'float'}});

	const texts = Array.from({length: 10}, (_, index) => `text ${index} ${'x'.repeat(index === 7 ? 1500 : 10)}`);
	server.hold();
	const embedding = embedder.embedDocuments(texts);
	t.truthy(await poll(() => server.inFlight().now === 2 || undefined, 10_000, 20), 'two requests in flight');
	server.release();
	const vectors = await embedding;
	t.is(server.inFlight().most, 2, 'two requests in flight, as MD_VECTOR_EMBED_CONCURRENCY says');
	const sent = server.requests.slice(1).map(request => request.body.input as string[]);
	t.true(sent.every(batch => batch.length <= 3), 'at most MD_VECTOR_EMBED_BATCH texts a request');
	t.true(sent.every(batch => batch.length === 1 || batch.join('').length <= 1000), 'at most MD_VECTOR_EMBED_BATCH_CHARS a request, a longer text alone');
	t.deepEqual(sent.flat(), texts, 'every text sent once, in order');
	for (const [index, vector] of vectors.entries()) {
		t.true(Math.abs(norm(vector) - 1) < 1e-5, `vector ${index} is unit length`);
	}

	const single = await embedder.embedDocuments([texts[4]!]);
	t.deepEqual([...single[0]!], [...vectors[4]!], 'a text\'s vector does not depend on its batch (the data came back reversed: placed by index)');
});

test('429 and 5xx are retried with backoff, honouring Retry-After; an ingestion waits for a server that went away and resumes', async t => {
	const server = await startFakeEmbeddingServer();
	const settings = settingsOf(server, {MD_VECTOR_EMBED_WAIT_S: '60'});
	const embedder = await loadProviderEmbedder(referenceOf(settings), settings);
	server.script.push({status: 429, headers: {'retry-after': '1'}, body: {error: {message: 'Rate limit reached'}}}, {status: 503}, {status: 502});
	const [vector] = await embedder.embedDocuments(['after a rate limit']);
	t.is(vector!.length, 8);
	const tries = server.requests.slice(1);
	t.is(tries.length, 4, 'one 429, two 5xx, then the answer');
	t.true(tries[1]!.at - tries[0]!.at >= 950, `waited as Retry-After said (${tries[1]!.at - tries[0]!.at} ms)`);

	// The server goes away in the middle of an ingestion, then comes back on its port.
	const {port} = new URL(server.url);
	await server.close();
	const waiting = embedder.embedDocuments(['while the server is away']);
	t.truthy(await poll(() => embedder.outage?.(), 10_000, 20), 'the outage is seen');
	t.regex(embedder.outage!()!, /out of reach: .*embeddings cannot be reached \(ECONNREFUSED\)/);
	const back = await startFakeEmbeddingServer({port: Number(port)});
	t.teardown(async () => back.close());
	const [resumed] = await waiting;
	t.is(resumed!.length, 8, 'the waiting batch went through once the server was back');
	t.is(embedder.outage!(), undefined, 'no outage once it answers');
});

test('an ingestion stops after MD_VECTOR_EMBED_WAIT_S with an outage that says what is whole; a search fails fast meanwhile', async t => {
	const server = await startFakeEmbeddingServer();
	const settings = settingsOf(server, {MD_VECTOR_EMBED_WAIT_S: '1'});
	const embedder = await loadProviderEmbedder(referenceOf(settings), settings);
	await server.close();
	const error = await t.throwsAsync(embedder.embedDocuments(['nobody answers']), {instanceOf: EmbedderOutage});
	t.regex(error.message, /stayed out of reach for 1 s .*ECONNREFUSED.*documents committed before it went are whole: run the same command again/);
	const query = await t.throwsAsync(embedder.embedQuery('a search meanwhile'), {instanceOf: EmbedderOutage});
	t.regex(query.message, /the embedding server is out of reach/);
});

test('answers that are not good vectors are refused with the reason', async t => {
	const server = await startFakeEmbeddingServer({dims: 3});
	t.teardown(async () => server.close());
	const settings = settingsOf(server);
	const embedder = await loadProviderEmbedder(referenceOf(settings), settings);
	const cases: Array<[unknown, RegExp]> = [
		[{data: [{index: 0, embedding: [1, null, 2]}]}, /vector 0 holds null at 1, not a finite number/],
		[{data: [{index: 0, embedding: [1, 'x', 2]}]}, /vector 0 holds "x" at 1, not a finite number/],
		[{data: [{index: 0, embedding: [1, 2]}]}, /vector 0 has 2 dimensions where 3 were expected: the model behind the server changed/],
		[{data: [{index: 0, embedding: [0, 0, 0]}]}, /vector 0 is all zeros/],
		[{data: [{index: 0, embedding: [1, 2, 3]}, {index: 1, embedding: [1, 2, 3]}]}, /answered 2 vectors for 1 texts/],
		[{object: 'list'}, /answered 200 without vectors.*check MD_VECTOR_EMBED_URL/],
	];
	for (const [body, message] of cases) {
		server.script.push({body});
		const error = await t.throwsAsync(embedder.embedDocuments(['one']), {instanceOf: ProviderError});
		t.regex(error.message, message);
	}
});

test('refusals name the fix: the key, the model, the URL; a key command is run, and again after a 401', async t => {
	const server = await startFakeEmbeddingServer({key: 'sk-right'});
	t.teardown(async () => server.close());
	const noKey = settingsOf(server);
	t.regex(await refusal(loadProviderEmbedder(referenceOf(noKey), noKey)), /needs a key \(401: Incorrect API key provided\): set MD_VECTOR_EMBED_KEY/);
	const wrongKey = settingsOf(server, {MD_VECTOR_EMBED_KEY: 'sk-wrong'});
	t.regex(await refusal(loadProviderEmbedder(referenceOf(wrongKey), wrongKey)), /refused MD_VECTOR_EMBED_KEY \(401/);
	t.false(JSON.stringify(server.requests.map(request => request.body)).includes('sk-'), 'the key travels in the header only');

	const fromCommand = settingsOf(server, {MD_VECTOR_EMBED_KEY_COMMAND: 'echo sk-right'});
	const embedder = await loadProviderEmbedder(referenceOf(fromCommand), fromCommand);
	t.is(server.requests.at(-1)!.headers.authorization, 'Bearer sk-right');
	server.script.push({status: 401, body: {error: {message: 'token expired'}}});
	t.is((await embedder.embedDocuments(['after the key expired'])).length, 1, 'the command was run again after the 401');
	const failing = settingsOf(server, {MD_VECTOR_EMBED_KEY_COMMAND: 'exit 3'});
	t.regex(await refusal(loadProviderEmbedder(referenceOf(failing), failing)), /MD_VECTOR_EMBED_KEY_COMMAND \(the embed-key-command setting\) failed \(exit 3\)/);

	const keyed = settingsOf(server, {MD_VECTOR_EMBED_KEY: 'sk-right'});
	server.script.push({status: 404, body: {error: {message: 'The model `fake-model` does not exist', code: 'model_not_found'}}});
	t.regex(await refusal(loadProviderEmbedder(referenceOf(keyed), keyed)), /does not know the model 'fake-model'.*check MD_VECTOR_EMBED_MODEL/);
	server.script.push({status: 404, body: 'Cannot POST /embeddings'});
	t.regex(await refusal(loadProviderEmbedder(referenceOf(keyed), keyed)), /answered 404: Cannot POST \/embeddings: check MD_VECTOR_EMBED_URL .*base up to \/v1/);
	const dimensions = settingsOf(server, {MD_VECTOR_EMBED_KEY: 'sk-right', MD_VECTOR_EMBED_DIMENSIONS: '4'});
	t.regex(await refusal(loadProviderEmbedder(referenceOf(dimensions), dimensions)), /made 8-dimension vectors where MD_VECTOR_EMBED_DIMENSIONS asks for 4/);
	t.is(server.requests.at(-1)!.body.dimensions, 4, 'dimensions sent to an openai server');
});

test('a request refused as too large is split; queries are cached; ollama speaks /api/embed', async t => {
	const server = await startFakeEmbeddingServer();
	t.teardown(async () => server.close());
	const settings = settingsOf(server, {MD_VECTOR_EMBED_CONCURRENCY: '1'});
	const embedder = await loadProviderEmbedder(referenceOf(settings), settings);
	server.script.push({status: 413, body: {error: {message: 'input is too large to process'}}});
	t.is((await embedder.embedDocuments(['a', 'b', 'c', 'd'])).length, 4);
	t.deepEqual(server.requests.slice(-3).map(request => request.body.input.length), [4, 2, 2], 'split in two after the 413');

	const before = server.requests.length;
	const first = await embedder.embedQuery('the same query');
	const again = await embedder.embedQuery('the same query');
	t.deepEqual([...again], [...first]);
	t.is(server.requests.length, before + 1, 'a repeated query costs no round trip');

	const ollama = embedSettingsFromEnv({MD_VECTOR_EMBED_PROVIDER: 'ollama', MD_VECTOR_EMBED_URL: server.url, MD_VECTOR_EMBED_MODEL: 'all-minilm'}) as ProviderSettings;
	const local = await loadProviderEmbedder(referenceOf(ollama), ollama);
	t.is(local.modelId, 'ollama:all-minilm');
	t.deepEqual(server.requests.at(-1)!.body, {model: 'all-minilm', input: ['md-vector checks the embedding server'], truncate: true});
	t.is(server.requests.at(-1)!.path, '/api/embed');
});

test('an ingestion\'s slice is shared out among the requests in flight; the model family\'s prefixes go before documents and queries, none before plain texts', async t => {
	const server = await startFakeEmbeddingServer();
	t.teardown(async () => server.close());
	const settings = settingsOf(server, {MD_VECTOR_EMBED_MODEL: 'e5-small-v2'});
	const embedder = await loadProviderEmbedder(referenceOf(settings), settings);
	const texts = Array.from({length: 32}, (_, index) => `text ${index}`);
	const before = server.requests.length;
	t.is((await embedder.embedDocuments(texts)).length, 32);
	const sent = server.requests.slice(before).map(request => request.body.input as string[]);
	t.deepEqual(sent.map(batch => batch.length), [16, 16], 'the 32 texts of one call as two requests, one per MD_VECTOR_EMBED_CONCURRENCY');
	t.deepEqual(sent.flat().sort(), texts.map(text => `passage: ${text}`).sort(), 'e5\'s passage: before each document');
	await embedder.embedQuery('a question');
	t.deepEqual(server.requests.at(-1)!.body.input, ['query: a question']);
	await embedder.embedPlain!(['as given']);
	t.deepEqual(server.requests.at(-1)!.body.input, ['as given'], 'POST /v1/embeddings passes its texts on as they came');
});

test('a cancelled ingestion aborts its requests under way and rejects with the canceller\'s reason', async t => {
	const server = await startFakeEmbeddingServer();
	t.teardown(async () => server.close());
	const settings = settingsOf(server);
	const embedder = await loadProviderEmbedder(referenceOf(settings), settings);
	server.hold();
	t.teardown(() => {
		server.release();
	});
	const cancel = new AbortController();
	const call = embedder.embedDocuments(['one', 'two', 'three'], cancel.signal);
	t.truthy(await poll(() => server.inFlight().now === 2 || undefined, 10_000, 20), 'its requests are under way');
	cancel.abort(new Error('cancelled by the test'));
	await t.throwsAsync(call, {message: 'cancelled by the test'});
	t.is(embedder.outage?.(), undefined, 'a cancel is not the server being out');
});

test('the engine\'s loader loads a collection\'s server model by its reference, through the configured server', async t => {
	const server = await startFakeEmbeddingServer();
	t.teardown(async () => server.close());
	const resolver = new ModelResolver(modelConfigFromEnv({MD_VECTOR_MODEL_DIR: tinyModelDir}), {}, path.join(temporaryDirectory(), 'models.json'));
	const load = modelLoader(resolver, temporaryDirectory(), () => undefined, settingsOf(server));
	const embedder = await load('openai:another-model');
	t.teardown(async () => embedder.dispose());
	t.is(embedder.modelId, 'openai:another-model');
	t.like(server.requests.at(-1), {path: '/v1/embeddings', body: {model: 'another-model'}});
	t.is((await embedder.embedDocuments(['a text'])).length, 1);
});

test('settings are checked, naming the variable and the rule', t => {
	const refused: Array<[Record<string, string>, RegExp]> = [
		[{MD_VECTOR_EMBED_PROVIDER: 'cohere'}, /MD_VECTOR_EMBED_PROVIDER must be one of local, openai, ollama/],
		[{MD_VECTOR_EMBED_PROVIDER: 'openai'}, /the server's model must be named: md-vector config set embed-model NAME/],
		[{MD_VECTOR_EMBED_PROVIDER: 'ollama', MD_VECTOR_EMBED_MODEL: 'x', MD_VECTOR_EMBED_URL: 'ftp://host'}, /MD_VECTOR_EMBED_URL \(the embed-url setting\) must be an http/],
		[{MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_MODEL: 'x', MD_VECTOR_EMBED_URL: 'https://me:sk-1@host/v1'}, /must not hold a user or password/],
		[{MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_MODEL: 'two words'}, /MD_VECTOR_EMBED_MODEL \(the embed-model setting\) must be the model's name/],
		[{MD_VECTOR_EMBED_PROVIDER: 'ollama', MD_VECTOR_EMBED_MODEL: 'x', MD_VECTOR_EMBED_DIMENSIONS: '64'}, /is for openai servers/],
		[{MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_MODEL: 'x', MD_VECTOR_EMBED_BATCH: '0'}, /MD_VECTOR_EMBED_BATCH must be a whole number of texts per request, 1 to 2048/],
	];
	for (const [env, message] of refused) {
		t.throws(() => embedSettingsFromEnv(env), {message}, JSON.stringify(env));
	}

	t.deepEqual(embedSettingsFromEnv({}), {provider: 'local'});
	t.like(embedSettingsFromEnv({MD_VECTOR_EMBED_PROVIDER: 'ollama', MD_VECTOR_EMBED_MODEL: 'bge-small-en-v1.5'}), {url: 'http://127.0.0.1:11434', queryPrefix: 'Represent this sentence for searching relevant passages: '});
});
