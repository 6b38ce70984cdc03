import test from 'ava';
import {keywordTokens, keywordTokensAndPhraseWords, phraseWords} from '../../common/text/keyword-tokens.js';

test('splits code identifiers into parts and keeps the whole', t => {
	t.deepEqual(keywordTokens('Get-ChildItem'), ['get', 'child', 'item', 'getchilditem']);
	t.deepEqual(keywordTokens('snake_case'), ['snake', 'case', 'snakecase']);
	t.deepEqual(keywordTokens('camelCase'), ['camel', 'case', 'camelcase']);
	t.deepEqual(keywordTokens('XMLHttpRequest'), ['xml', 'http', 'request', 'xmlhttprequest']);
});

test('stems English words and drops stop words', t => {
	t.deepEqual(keywordTokens('The runners are running'), ['runner', 'run']);
	t.deepEqual(keywordTokens('Indexes, indexing; INDEXED!'), ['index', 'index', 'index']);
});

test('turns CJK runs into character bigrams', t => {
	t.deepEqual(keywordTokens('機械学習'), ['機械', '械学', '学習']);
	t.deepEqual(keywordTokens('日'), ['日']);
	t.deepEqual(keywordTokens('日本語 text'), ['日本', '本語', 'text']);
});

test('plain hyphenated words are prose: their parts only, no joined token', t => {
	t.deepEqual(keywordTokens('long-term 0-dimensional'), ['long', 'term', '0', 'dimension']);
	t.deepEqual(keywordTokens('T-cell'), ['t', 'cell', 'tcell'], 'capitalised: could be a name, kept whole too');
});

test('punctuation separates words; dotted and apostrophe forms are handled', t => {
	t.deepEqual(keywordTokens('Hello, world! (search) "quoted" [link](url)'), ['hello', 'world', 'search', 'quot', 'link', 'url']);
	t.deepEqual(keywordTokens('Node.js v1.2'), ['node', 'js', 'nodejs', 'v1', '2', 'v12']);
	t.deepEqual(keywordTokens('don\'t stop: it\'s Rust\'s'), ['don', 'stop', 'rust'], 'no stray t or s');
	t.deepEqual(keywordTokens('O\'Brien'), ['o', 'brien', 'obrien']);
});

test('documents and queries meet on the same tokens across forms', t => {
	const document = new Set(keywordTokens('Use Get-ChildItem to list files recursively.'));
	for (const query of ['get-childitem', 'GetChildItem', 'child item', 'listing file']) {
		t.true(keywordTokens(query).some(token => document.has(token)), query);
	}

	t.true(keywordTokens('get_child_item').includes('getchilditem'), 'snake_case query joins to the same identifier');
});

test('CJK inside Latin text and full-width forms', t => {
	t.deepEqual(keywordTokens('Node入门教程'), ['node', '入门', '门教', '教程']);
	t.deepEqual(keywordTokens('ＡＢＣ１２３'), ['abc123'], 'NFKC folds full-width letters and digits');
	t.deepEqual(keywordTokens('東京タワー'), ['東京', '京タ', 'タワ', 'ワー'], 'the long vowel mark belongs to the word');
	t.deepEqual(keywordTokens('東京、大阪。'), ['東京', '大阪'], 'CJK punctuation separates runs');
});

test('tokens and phrase words in one pass are what keywordTokens and phraseWords give', t => {
	const texts = [
		'Get-ChildItem snake_case camelCase XMLHttpRequest', 'The runners are running', '機械学習 日 日本語 text Node入门',
		'long-term 0-dimensional T-cell', 'Hello, world! (search) "quoted" [link](url)', 'Node.js v1.2 don\'t stop: it\'s Rust\'s O\'Brien',
		'ﬁle Ｆｕｌｌｗｉｄｔｈ Ⅻ café naïve', 'kube-apiserver\'s --feature-gates=PodReadyToStartContainersCondition', '', '   ', 'a\ttab\\back\nline',
	];
	for (const text of texts) {
		t.deepEqual(keywordTokensAndPhraseWords(text), {tokens: keywordTokens(text), words: phraseWords(text)}, text);
	}
});
