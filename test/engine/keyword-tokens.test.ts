import test from 'ava';
import {keywordTokens} from '../../daemon/engine/text/keyword-tokens.js';

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
