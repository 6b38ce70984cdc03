// Issue 16, item 2: a NaN or Infinity vector in an import broke its collection for good (500, but stored; then
// /stats and semantic search answered 500, also after a restart), and zero or huge vectors were taken.
import test from 'ava';
import {openEngine} from '../helpers/engine.js';
import {axisVector, base64Of, exportDocument, exportHeader, fixedEmbedder} from '../helpers/export-lines.js';

const bad: Array<[string, string, RegExp]> = [
	['NaN', base64Of(Float32Array.from([Number.NaN, 0, 0, 0])), /value 0 is NaN/],
	['Infinity', base64Of(Float32Array.from([0, 0, Number.POSITIVE_INFINITY, 0])), /value 2 is Infinity/],
	['all zeros', base64Of(new Float32Array(4)), /all zeros/],
	['a norm of 3.4e38', base64Of(Float32Array.from([3.4e38, 3.4e38, 0, 0])), /norm is 4\.81e\+38/],
	['a norm of 2', base64Of(Float32Array.from([2, 0, 0, 0])), /norm is 2\.00/],
	['3 dimensions', base64Of(Float32Array.from([1, 0, 0])), /holds 12 bytes; 4 float32 values/],
	['not base64', '!!!!', /chunks\.0\.vector: must be base64/],
];

for (const [name, vector, message] of bad) {
	test(`an import with a vector of ${name} is refused (400, naming the document, chunk and rule); nothing is stored`, async t => {
		const {engine} = openEngine(fixedEmbedder(axisVector(4, 0)));
		t.teardown(async () => engine.close());
		await engine.import(JSON.stringify({...exportHeader('c'), documents: [exportDocument('good.md', 'compost heap', base64Of(axisVector(4, 1)))]}));
		const lines = [exportHeader('c'), exportDocument('fine.md', 'basil pots', base64Of(axisVector(4, 2))), exportDocument('broken.md', 'tomato beds', vector)];
		const error = await t.throwsAsync(engine.import(lines.map(line => JSON.stringify(line)).join('\n')));
		t.like(error, {code: 'invalid_input', status: 400});
		t.regex(error.message, /^import: line 3: /);
		t.regex(error.message, name === 'not base64' ? /line 3: chunks\.0\.vector/ : /document 'broken\.md', chunk 0: vector/);
		t.regex(error.message, message);
		t.deepEqual((await engine.documents('c')).map(document => document.file), ['good.md'], 'nothing of the refused import was stored');
		// The collection still answers, also semantically.
		t.like(await engine.stats('c'), {documents: 1, vectors: 1, index: {vectors: 1}});
		t.is((await engine.search({query: 'anything', mode: 'semantic', collection: 'c'})).results[0]?.fileName, 'good.md');
	});
}

test('a vector in an export whose header names no model is refused', async t => {
	const {engine} = openEngine();
	t.teardown(async () => engine.close());
	const text = JSON.stringify({...exportHeader('c', null), documents: [exportDocument('a.md', 'text', base64Of(axisVector(4, 0)))]});
	await t.throwsAsync(engine.import(text), {message: /^import: document 1: document 'a\.md', chunk 0: vector: the header names no model and dims/});
});

test('unit vectors within float32 rounding are taken', async t => {
	const {engine} = openEngine(fixedEmbedder(axisVector(4, 0)));
	t.teardown(async () => engine.close());
	const almost = Float32Array.from([0.6, 0.8 * 1.001, 0, 0]);
	const imported = await engine.import(JSON.stringify({...exportHeader('c'), documents: [exportDocument('a.md', 'text', base64Of(almost))]}));
	t.like(imported, {documents: 1, chunks: 1});
	t.like(await engine.stats('c'), {vectors: 1, index: {vectors: 1}});
});
