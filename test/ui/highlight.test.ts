import test from 'ava';
import {snippet} from '../../source/ui/snippet.js';

/** The snippet with its marks written ⟦so⟧, to compare whole strings. */
function marked(content: string, query: string): string {
	return snippet(content, query).map(segment => (segment.match ? `⟦${segment.text}⟧` : segment.text)).join('');
}

test('whole words are marked, with the stems the keyword search matched, never a prefix inside a longer word', t => {
	t.is(marked('Tokens are counted per token; tokenless text differs.', 'tokens'), '⟦Tokens⟧ are counted per ⟦token⟧; tokenless text differs.');
	t.is(marked('Indexing builds an index; reindex later.', 'indexes'), '⟦Indexing⟧ builds an ⟦index⟧; reindex later.');
});

test('stop words and the question\'s phrasing words are not marked unless they are all there is', t => {
	t.is(marked('How the daemon starts and what it does.', 'how does the daemon start'), 'How the ⟦daemon⟧ ⟦starts⟧ and what it does.');
	t.is(marked('To be or not to be.', 'to be'), '⟦To⟧ ⟦be⟧ or not ⟦to⟧ ⟦be⟧.');
});

test('a quoted phrase is one mark where its words stand in order; its words alone elsewhere are not marked', t => {
	t.is(marked('The write queue waits; a queue of writes.', '"write queue"'), 'The ⟦write queue⟧ waits; a queue of writes.');
	t.is(marked('state of the art and the art of state', '"state of the art"'), '⟦state of the art⟧ and the art of state');
	t.is(marked('an unclosed phrase runs to the end', '"phrase runs'), 'an unclosed ⟦phrase runs⟧ to the end');
});

test('excluded words and phrases are not marked', t => {
	t.is(marked('alpha beta gamma', 'alpha -beta -"gamma"'), '⟦alpha⟧ beta gamma');
});

test('identifiers are marked whole; Markdown brackets in the text are left as they are', t => {
	t.is(marked('Run Get-ChildItem or see [the docs](x.md).', 'ChildItem'), 'Run ⟦Get-ChildItem⟧ or see [the docs](x.md).');
});

test('the window opens on the densest run of marks; a word cut by its edge is not marked', t => {
	const long = `${'filler words here '.repeat(30)}the compost heap needs compost turning${' more filler'.repeat(30)}`;
	const segments = snippet(long, 'compost', 80);
	t.true(segments[0]!.text.startsWith('…'));
	t.is(segments.filter(segment => segment.match).map(segment => segment.text).join(','), 'compost,compost');
	t.true(segments.at(-1)!.text.endsWith('…'));
});

test('a matched word cut by the window\'s edge shows unmarked', t => {
	const long = 'ab'.repeat(150); // one word, far longer than the window
	const segments = snippet(`compost ${long}`, `compost ${long}`, 40);
	t.deepEqual(segments.filter(segment => segment.match).map(segment => segment.text), ['compost'], 'the long word runs past the window: not marked');
});
