// Front matter read under limits (daemon/engine/chunker/front-matter.ts): what no honest document needs fails
// that document with why; malformed YAML still leaves it without fields; what an honest one has is read as before.
import test from 'ava';
import {frontMatterLimits, parseFrontMatter} from '../../daemon/engine/chunker/front-matter.js';
import {prepareDocument} from '../../daemon/engine/ingest/prepare-document.js';

const refused = (text: string) => {
	try {
		parseFrontMatter(text);
		return 'read';
	} catch (error) {
		return (error as Error).message;
	}
};

test('honest front matter reads as before: fields, lists, nested maps, dates as text, __proto__ as a field', t => {
	t.deepEqual(parseFrontMatter('title: Hi\ntags: [a, b]\nn: 3\nwhen: 2024-01-01\nnested: {a: {b: [1, 2]}}'), {title: 'Hi', tags: ['a', 'b'], n: 3, when: '2024-01-01', nested: {a: {b: [1, 2]}}});
	const proto = parseFrontMatter('__proto__: {polluted: true}\nx: 1') as Record<string, unknown>;
	t.deepEqual(Object.keys(proto), ['__proto__', 'x']);
	const plain: Record<string, unknown> = {};
	t.is(plain.polluted, undefined);
	t.is(parseFrontMatter('a: [unclosed'), undefined, 'malformed YAML: no fields, no failure');
	t.is(parseFrontMatter('a: 1\na: 2'), undefined, 'a key twice is malformed YAML');
	t.deepEqual(parseFrontMatter('anchor: &x [1, 2]\ncopy: *x'), {anchor: [1, 2], copy: [1, 2]}, 'an alias of an earlier value is fine');
});

test('[I34-1] deep nesting fails the document before YAML builds it, in flow, block and list forms', t => {
	const rule = `front matter: nested more than ${frontMatterLimits.depth} levels deep; flatten it`;
	t.is(refused(`a: ${'['.repeat(3000)}${']'.repeat(3000)}`), rule);
	t.is(refused(`${Array.from({length: 20}, (_, index) => `${' '.repeat(index)}k:`).join('\n')} 1`), rule);
	t.is(refused(`${'- '.repeat(20)}x`), rule);
	t.is(refused(`a: ${'{b: '.repeat(17)}1${'}'.repeat(17)}`), rule);
	t.not(refused(`a: ${'['.repeat(15)}${']'.repeat(15)}`), rule, '16 levels are fine');
});

test('[I34-2] many keys and many bytes fail the document before YAML builds it', t => {
	t.is(refused(Array.from({length: 68_322}, () => 'ab: 1').join('\n')), 'front matter: 401 KB; at most 64 KB');
	t.is(refused(Array.from({length: frontMatterLimits.keys + 1}, (_, index) => `k${index}: 1`).join('\n')), `front matter: more than ${frontMatterLimits.keys} keys; keep front matter to the fields a document needs`);
	t.is(Object.keys(parseFrontMatter(Array.from({length: frontMatterLimits.keys}, (_, index) => `k${index}: 1`).join('\n')) as object).length, frontMatterLimits.keys);
});

test('[I34-8] a cycle, an alias bomb and values JSON cannot hold fail the document, naming the field', t => {
	t.is(refused('a: &x [*x]'), 'front matter: field "a"[0] holds itself through an alias (a cycle); an alias must name a value defined before it, outside it');
	t.is(refused('a: &x {b: *x}'), 'front matter: field "a"."b" holds itself through an alias (a cycle); an alias must name a value defined before it, outside it');
	const laughs = ['a: &a [x,x,x,x,x,x,x,x,x]', ...['b', 'c', 'd', 'e', 'f'].map((key, index) => `${key}: &${key} [${Array.from({length: 9}, () => `*${'abcde'[index]!}`).join(',')}]`)].join('\n');
	t.regex(refused(laughs), /^front matter: Excessive alias count indicates a resource exhaustion attack; use fewer aliases$/);
	t.is(refused('a: .inf'), 'front matter: field "a" is Infinity, which JSON cannot hold; quote it to keep it as text');
	t.is(refused('a: [1, .nan]'), 'front matter: field "a"[1] is NaN, which JSON cannot hold; quote it to keep it as text');
	t.is(refused('a: !!binary aGVsbG8='), 'front matter: field "a" is not a string, number, boolean, list or map (Buffer); JSON cannot hold it');
});

test('[I34-8] a document whose front matter is refused is an invalid input naming the file and the rule; the next is chunked', async t => {
	await t.throwsAsync(async () => prepareDocument('---\na: &x [*x]\n---\n# T\n\nx', 'bad.md'), {message: /^bad\.md: front matter: field "a"\[0] holds itself through an alias/});
	t.is((await prepareDocument('---\ntitle: Good\n---\n# T\n\nx', 'good.md')).chunked.title, 'Good');
});
