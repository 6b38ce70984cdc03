// Collection and source management over HTTP, in process against a real engine: answers, errors, and a
// capability's collection scope applied to the collection named in the path.
import path from 'node:path';
import test from 'ava';
import {serveApp} from '../helpers/app.js';
import {makeTree} from '../helpers/file-tree.js';

const owner = {'x-api-key': 'owner-key'};
const client = {'x-api-key': 'c-key'};

async function app() {
	const served = await serveApp({
		apiKey: 'owner-key', env: {C_KEY: 'c-key'}, clients: [{label: 'c', key: '${C_KEY}'}],
		capabilities: [{identifier: 'c', clients: ['c'], permissions: [
			{identifier: 'documents:delete', allow: [{collection: 'mine*'}]}, {identifier: 'ingest:default', allow: [{collection: 'mine*'}]},
			{identifier: 'collections:read', allow: [{collection: 'mine*'}]},
		]}],
	});
	const {engine} = served.deps;
	for (const collection of ['mine', 'theirs']) {
		await engine.ingest({collection, content: `# ${collection}\n\ntext`, fileName: 'a.md'});
	}

	return served;
}

test('DELETE and PATCH /collections/{name}: answers, 404, 409, and the path\'s collection checked against the capability', async t => {
	const served = await app();
	t.teardown(async () => served.close());
	t.is((await served.request('DELETE', '/api/v1/collections/theirs', {headers: client})).status, 403);
	const refused = await served.request('PATCH', '/api/v1/collections/mine', {headers: client, body: {name: 'theirs-2'}});
	t.is(refused.status, 403, 'a rename fills the new name: ingest:default there too');
	t.regex(refused.body.error.message, /lacks 'ingest:default' on collection 'theirs-2'/);
	t.like((await served.request('PATCH', '/api/v1/collections/mine', {headers: client, body: {name: 'theirs'}})), {status: 403});
	t.like((await served.request('PATCH', '/api/v1/collections/mine', {headers: owner, body: {name: 'theirs'}})).body, {error: {code: 'collection_exists'}});
	t.deepEqual((await served.request('PATCH', '/api/v1/collections/mine', {headers: client, body: {name: 'mine-2'}})).body, {status: 'ok', collection: 'mine-2', previous: 'mine'});
	t.like((await served.request('PATCH', '/api/v1/collections/mine-2', {headers: owner, body: {name: 'bad name'}})).body, {error: {code: 'invalid_input'}});
	t.deepEqual((await served.request('DELETE', '/api/v1/collections/mine-2', {headers: client})).body, {status: 'ok', collection: 'mine-2', deleted_documents: 1, deleted_chunks: 1, deleted_sources: 0});
	t.like(await served.request('DELETE', '/api/v1/collections/mine-2', {headers: owner}), {status: 404, body: {error: {code: 'not_found'}}});
	t.deepEqual((await served.request('GET', '/api/v1/collections', {headers: owner})).body.collections.map((entry: {name: string}) => entry.name), ['theirs']);
});

test('sources: listed with settings and counts; removing one deletes its documents, drops the other\'s label, and an emptied collection goes', async t => {
	const served = await app();
	t.teardown(async () => served.close());
	const {engine} = served.deps;
	const first = makeTree({'a.md': '# A', 'b.md': '# B'});
	const second = makeTree({'a.md': '# Other A'});
	await engine.ingestDirectory('mine-s', {directory: first, mode: 'default', label: 'one', exclude: ['drafts']});
	await engine.ingestDirectory('mine-s', {directory: second, mode: 'default', label: 'two'});
	const listing = await served.request('GET', '/api/v1/collections/mine-s/sources', {headers: client});
	t.is(listing.status, 200);
	t.like(listing.body.sources[0], {label: 'one', exclude: ['drafts'], include: [], ignore_files: true, hidden: false, watch: false, documents: 2, last_sync: {added: 0}});
	t.is(listing.body.sources[1].documents, 1);
	const entries = (await served.request('GET', '/api/v1/collections', {headers: client})).body.collections;
	t.like(entries.find((entry: {name: string}) => entry.name === 'mine-s'), {sources: 2, documents: 3});
	t.is((await served.request('GET', '/api/v1/collections/theirs/sources', {headers: client})).status, 403);
	const nowhere = await served.request('DELETE', '/api/v1/collections/mine-s/sources', {headers: client, body: {path: '/nowhere'}});
	t.like(nowhere, {status: 404, body: {error: {code: 'not_found'}}}, nowhere.text);
	t.like(await served.request('DELETE', '/api/v1/collections/mine-s/sources', {headers: client, body: {}}), {status: 400});

	const removed = await served.request('DELETE', '/api/v1/collections/mine-s/sources', {headers: client, body: {path: second}});
	t.like(removed.body, {status: 'ok', collection: 'mine-s', deleted_documents: 1, collection_removed: false});
	t.deepEqual(removed.body.renamed, [{from: 'one/a.md', to: 'a.md'}, {from: 'one/b.md', to: 'b.md'}]);
	t.deepEqual((await engine.documents('mine-s')).map(document => document.file), ['a.md', 'b.md']);
	const last = await served.request('DELETE', '/api/v1/collections/mine-s/sources', {headers: client, body: {path: path.join(first, '.')}});
	t.like(last.body, {deleted_documents: 2, collection_removed: true});
	t.false((await engine.collections()).some(collection => collection.name === 'mine-s'));
});

test('POST /search over collections: each named one checked, all: only those the client may search, both forms refused together', async t => {
	const served = await serveApp({
		apiKey: 'owner-key', env: {C_KEY: 'c-key'}, clients: [{label: 'c', key: '${C_KEY}'}],
		capabilities: [{identifier: 'c', clients: ['c'], permissions: [{identifier: 'search:default', allow: [{collection: 'mine*'}]}]}],
	});
	t.teardown(async () => served.close());
	for (const collection of ['mine', 'mine-2', 'theirs']) {
		await served.deps.engine.ingest({collection, content: `# ${collection}\n\ncompost in ${collection}`, fileName: 'a.md'});
	}

	const search = async (body: Record<string, unknown>, headers = client) => served.request('POST', '/api/v1/search', {headers, body: {query: 'compost', mode: 'keyword', ...body}});
	const both = await search({collections: ['mine', 'mine-2']});
	t.is(both.status, 200, both.text);
	t.deepEqual([both.body.collection, both.body.collections], ['*', ['mine', 'mine-2']]);
	t.deepEqual(both.body.results.map((hit: {collection: string}) => hit.collection).sort(), ['mine', 'mine-2']);
	const refused = await search({collections: ['mine', 'theirs']});
	t.is(refused.status, 403);
	t.regex(refused.body.error.message, /lacks 'search:default' on collection 'theirs'/);
	t.is((await search({collection: 'theirs'})).status, 403);
	const all = await search({all: true});
	t.deepEqual(all.body.collections, ['mine', 'mine-2'], 'all: the collections this client may search');
	t.deepEqual((await search({all: true}, owner)).body.collections, ['mine', 'mine-2', 'theirs']);
	t.like(await search({collection: 'mine', collections: ['mine-2']}), {status: 400, body: {error: {code: 'invalid_input'}}});
	t.like(await search({collections: []}), {status: 400});
	t.like(await search({all: true, collections: ['mine']}), {status: 400});
	const single = await search({collection: 'mine'});
	t.deepEqual([single.body.collection, single.body.results[0].collection], ['mine', 'mine']);
});
