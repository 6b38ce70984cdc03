// A burst of 1,000 edits (a git checkout) while the engine follows the folder: afterwards the index matches the
// disk, with no event lost and nothing embedded twice (the embedder counts what it embeds).
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {sha256} from '../../daemon/engine/hash.js';
import {SourceFollowers} from '../../daemon/watch/source-followers.js';
import {countingEmbedder, loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {openEngine} from '../helpers/engine.js';
import {temporaryDirectory} from '../helpers/paths.js';

const files = 1000;
const text = (index: number, version: number) => `# Note ${index}\n\nVersion ${version} of note ${index}: compost and soil.\n`;

test('1,000 files changed in one burst: every change synced once, the index matches the disk', async t => {
	const root = temporaryDirectory('md-vector-burst-');
	for (let index = 0; index < files; index++) {
		writeFileSync(path.join(root, `n${index}.md`), text(index, 1));
	}

	const embedder = countingEmbedder(await loadTinyEmbedder());
	const {engine} = openEngine(embedder);
	t.teardown(async () => engine.close());
	await engine.ingestDirectory('burst', {directory: root, mode: 'default'});
	t.is(embedder.embedded, files);
	const syncs: number[] = [];
	const errors: string[] = [];
	const watcher = await new SourceFollowers(engine, {log: () => undefined}).follow(['burst'], {
		onSync: report => syncs.push(report.sources.reduce((sum, source) => sum + source.changed.length, 0)),
		onError: message => errors.push(message),
	});
	t.teardown(async () => watcher.close());
	t.deepEqual(syncs, [], 'nothing to catch up');

	for (let index = 0; index < files; index++) {
		writeFileSync(path.join(root, `n${index}.md`), text(index, 2));
	}

	const expected = new Map(Array.from({length: files}, (_, index) => [`n${index}.md`, sha256(text(index, 2))]));
	const matched = await poll(async () => {
		const stored = await engine.documents('burst');
		return stored.length === files && stored.every(document => expected.get(document.file) === document.contentHash) ? true : undefined;
	}, 120_000);
	t.true(matched, 'the index holds the new text of every file');
	await watcher.settle();
	t.is(embedder.embedded, 2 * files, 'each changed file embedded once: no double ingestion');
	t.is(syncs.reduce((sum, count) => sum + count, 0), files, 'every change reported once');
	t.deepEqual(errors, []);
	const hits = await engine.search({query: 'Version 2 of note 999', mode: 'keyword', collection: 'burst', topK: 1});
	t.is(hits.results[0]?.fileName, 'n999.md');
});
