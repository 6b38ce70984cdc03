// A search over several collections is one ranking over their union: the same hits, scores and order as one
// collection holding all their documents (BM25's statistics and cosine similarity are store-wide), each hit
// naming its collection.
import test from 'ava';
import {loadTinyEmbedder} from '../helpers/tiny-embedder.js';
import {openEngine} from '../helpers/engine.js';

const notes: Record<string, string> = {
	'soil.md': '# Soil\n\nCompost feeds the soil; turn the compost weekly.\n',
	'tomato.md': '# Tomatoes\n\nTomatoes need sun, compost and deep watering.\n',
	'basil.md': '# Basil\n\nBasil grows beside tomatoes on a warm windowsill.\n',
	'shell.md': '# Shell\n\nUse Get-ChildItem to list files; compost is not a cmdlet.\n',
	'rake.md': '# Rake\n\nRake the leaves into the compost heap in autumn.\n',
};

test('several collections rank as one: same order and scores as a single collection of all their documents', async t => {
	const {engine} = openEngine(await loadTinyEmbedder());
	t.teardown(async () => engine.close());
	for (const [index, [file, content]] of Object.entries(notes).entries()) {
		await engine.ingest({collection: index % 2 === 0 ? 'a' : 'b', content, fileName: file});
		await engine.ingest({collection: 'union', content, fileName: file});
	}

	for (const mode of ['keyword', 'semantic', 'hybrid'] as const) {
		for (const fusion of ['rrf', 'convex'] as const) {
			const split = await engine.search({query: 'compost tomatoes', mode, fusion, topK: 5, collections: ['a', 'b']});
			const whole = await engine.search({query: 'compost tomatoes', mode, fusion, topK: 5, collection: 'union'});
			t.deepEqual(split.results.map(hit => [hit.fileName, hit.score]), whole.results.map(hit => [hit.fileName, hit.score]), `${mode} ${fusion}`);
			t.deepEqual(split.collections, ['a', 'b']);
			t.is(split.collection, '*');
			t.true(split.results.every(hit => hit.collection === (Object.keys(notes).indexOf(hit.fileName) % 2 === 0 ? 'a' : 'b')));
		}
	}

	const one = await engine.search({query: 'compost', mode: 'keyword', collection: 'a'});
	t.deepEqual([one.collection, one.collections], ['a', ['a']]);
	await t.throwsAsync(engine.search({query: 'compost', collections: ['a', 'nope']}), {message: /collection 'nope' does not exist/});
});
