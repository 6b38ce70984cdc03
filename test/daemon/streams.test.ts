// Event streams through the real daemon: watch events, job events and MCP's SSE stream each take a slot, at most
// MD_VECTOR_STREAMS_PER_CLIENT per caller and MD_VECTOR_STREAMS in all (429 with Retry-After beyond), given back
// when the stream closes; every watch stream of a collection (and the watch setting) shares one watcher and one
// catch-up sync per source, and a change is synced once and told to every stream.
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token-header.js';
import {poll} from '../../source/client/poll.js';
import {startDaemon, type RunningDaemon} from '../helpers/daemon.js';
import {openEventStream, type EventStream} from '../helpers/event-stream.js';
import {makeTree} from '../helpers/file-tree.js';
import {temporaryDirectory} from '../helpers/paths.js';

type Caller = Record<string, string>;

/** A daemon with two clients and collection `w` following a folder; the folders go when the test ends. */
async function start(t: ExecutionContext, env: Record<string, string>): Promise<{daemon: RunningDaemon; owner: Caller; root: string; job: string}> {
	const home = temporaryDirectory('md-vector-streams-');
	const config = path.join(home, 'config');
	makeTree({
		'clients.json': JSON.stringify({clients: [{label: 'a', key: '${A_KEY}'}, {label: 'b', key: '${B_KEY}'}]}),
		'capabilities/clients.json': JSON.stringify({identifier: 'clients', clients: ['a', 'b'], permissions: ['ingest:default', 'search:default', 'collections:read', 'fs:allow-temp-read-recursive']}),
	}, config);
	const daemon = await startDaemon({A_KEY: 'key-a', B_KEY: 'key-b', MD_VECTOR_MCP_OAUTH: '0', ...env}, home);
	const root = makeTree({'a.md': '# A\n\nalpha', 'sub/b.md': '# B\n\nbravo'});
	t.teardown(async () => {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
		rmSync(root, {recursive: true, force: true});
	});
	const owner = {[localTokenHeader]: readDiscovery(path.join(home, 'state'))!.token};
	const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: root, collection: 'w'}, owner);
	const job = String(started.body.job.id);
	await poll(async () => ((await daemon.request('GET', `/api/v1/jobs/${job}`, undefined, owner)).body.job.state === 'running' ? undefined : true), 60_000);
	return {daemon, owner, root, job};
}

const watchers = (daemon: RunningDaemon, root: string) => daemon.log().split('\n').filter(line => line.includes(`watch: following ${root} (collection 'w'): watcher started, caught up`)).length;

test('streams are capped per caller and in all (429 with Retry-After), slots come back when streams close, and one watcher serves every stream', async t => {
	const {daemon, owner, root, job} = await start(t, {MD_VECTOR_STREAMS_PER_CLIENT: '3', MD_VECTOR_STREAMS: '5'});
	const open: EventStream[] = [];
	t.teardown(() => {
		for (const stream of open) {
			stream.close();
		}
	});
	const watch = `${daemon.url}/api/v1/watch/events?collection=w`;
	const hold = async (url: string, caller: Caller, ready: string) => {
		const stream = await openEventStream(url, caller);
		t.is(stream.status, 200, `${url}: ${JSON.stringify(stream.body)}`);
		open.push(stream);
		await stream.until(ready);
		return stream;
	};

	const mine = [];
	for (let index = 0; index < 3; index++) {
		mine.push(await hold(watch, owner, 'event: ready'));
	}

	const overMine = await openEventStream(watch, owner);
	t.is(overMine.status, 429, 'a fourth stream of one caller');
	t.is(overMine.headers.get('retry-after'), '10');
	t.is(overMine.body.error.code, 'too_many_streams');
	t.regex(overMine.body.error.message, /at most 3 per client \(MD_VECTOR_STREAMS_PER_CLIENT\)/);

	await hold(watch, {'x-api-key': 'key-a'}, 'event: ready');
	await hold(`${daemon.url}/sse`, {'x-api-key': 'key-a'}, 'event: endpoint');
	for (const url of [watch, `${daemon.url}/sse`, `${daemon.url}/api/v1/jobs/${job}/events`]) {
		const overAll = await openEventStream(url, {'x-api-key': 'key-b'});
		t.is(overAll.status, 429, `${url}: another caller, with 5 streams open in all`);
		t.regex(overAll.body.error.message, /at most 5 in all \(MD_VECTOR_STREAMS\)/);
	}

	t.is(watchers(daemon, root), 1, 'four watch streams of one collection: one watcher and one catch-up sync of its source');
	writeFileSync(path.join(root, 'c.md'), '# C\n\ncharlie');
	for (const stream of mine) {
		await stream.until(/event: sync\ndata: .*"added":\["c\.md"]/);
	}

	t.is((await daemon.request('GET', '/api/v1/documents?collection=w', undefined, owner)).body.documents.length, 3);

	for (const stream of open.splice(0)) {
		stream.close();
	}

	const after = await poll(async () => {
		const stream = await openEventStream(`${daemon.url}/api/v1/jobs/${job}/events`, {'x-api-key': 'key-b'});
		return stream.status === 200 ? stream : undefined;
	}, 30_000);
	t.truthy(after, 'closed streams gave their slots back');
	await after!.until('event: done');
	t.truthy(await poll(() => (daemon.log().includes(`watch: stopped following ${root} (collection 'w')`) ? true : undefined), 30_000), 'the last stream gone, its watcher closed');
	await hold(watch, owner, 'event: ready');
	t.is(watchers(daemon, root), 2, 'followed again: a new watcher and catch-up');
});

test('the watch setting and watch streams share the watcher of a source', async t => {
	const {daemon, owner, root} = await start(t, {MD_VECTOR_WATCH: '1'});
	t.truthy(await poll(() => (watchers(daemon, root) > 0 ? true : undefined), 60_000), 'the setting follows the new source (within 10 s)');
	const streams = [];
	for (let index = 0; index < 4; index++) {
		const stream = await openEventStream(`${daemon.url}/api/v1/watch/events`, owner);
		t.teardown(() => {
			stream.close();
		});
		await stream.until('event: ready');
		streams.push(stream);
	}

	t.is(watchers(daemon, root), 1, 'the setting\'s watcher serves the streams too');
	for (const stream of streams) {
		stream.close();
	}

	writeFileSync(path.join(root, 'd.md'), '# D\n\ndelta');
	const synced = await poll(async () => ((await daemon.request('GET', '/api/v1/documents?collection=w', undefined, owner)).body.documents.length === 3 ? true : undefined), 60_000);
	t.truthy(synced, 'the streams gone, the setting still follows the folder');
	t.false(daemon.log().includes('watch: stopped following'));
});
