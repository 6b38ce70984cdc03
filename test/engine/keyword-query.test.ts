import test from 'ava';
import {keywordTerms, maxQueryTerms} from '../../common/text/keyword-query.js';
import {keywordTokens} from '../../common/text/keyword-tokens.js';

test('a question\'s phrasing words are left out of the keyword query, not its subject', t => {
	t.deepEqual(keywordTerms('Does chilly weather make clogged arteries worse?'), ['chilli', 'weather', 'clog', 'arteri', 'wors']);
	t.deepEqual(keywordTerms('How can I rotate the kubelet\'s certificates?'), keywordTokens('rotate kubelet certificates'));
	t.deepEqual(keywordTerms('Get-ChildItem'), ['get', 'child', 'item', 'getchilditem'], 'an identifier is not a phrasing word');
});

test('phrasing words count when they are all there is', t => {
	t.deepEqual(keywordTerms('how do I use it?'), ['how', 'do', 'i', 'us']);
	t.deepEqual(keywordTerms('What'), ['what']);
	t.deepEqual(keywordTerms('the a ?!'), [], 'only the index\'s own stop words: nothing to search');
});

test('terms are distinct and at most maxQueryTerms', t => {
	t.deepEqual(keywordTerms('garden Garden gardens'), ['garden']);
	const long = Array.from({length: 100}, (_, index) => `word${index}`).join(' ');
	t.is(keywordTerms(long).length, maxQueryTerms);
	t.deepEqual(keywordTerms(long).slice(0, 2), ['word0', 'word1'], 'the first ones, in the query\'s order');
});
