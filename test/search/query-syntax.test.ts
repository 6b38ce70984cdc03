// The query syntax's parser (common/) and the engine's one check of a candidate chunk against it.
import test from 'ava';
import {parseQuery, queryProblem} from '../../common/query-syntax.js';
import {queryFilter} from '../../daemon/engine/search/query-filter.js';

test('phrases, exclusions and words; the text to search keeps the words and the phrases\' words', t => {
	t.deepEqual(parseQuery('"api key" rotate -staging -"dry run"'), {text: 'api key rotate', phrases: ['api key'], loose: ['rotate'], exclusions: ['staging', 'dry run']});
	t.deepEqual(parseQuery('deploy "blue green'), {text: 'deploy blue green', phrases: ['blue green'], loose: ['deploy'], exclusions: []}, 'an unclosed quote runs to the end');
	t.deepEqual(parseQuery('-"a b'), {text: '', phrases: [], loose: [], exclusions: ['a b']});
});

test('a query without operators is kept as it is (whitespace too), so it ranks as before', t => {
	for (const query of ['  rotate the  api key\n', 'state-of-the-art x-ray', 'a - b', 'v1.2 don\'t', 'api-']) {
		t.deepEqual(parseQuery(query), {text: query, phrases: [], loose: query.trim().split(/\s+/u), exclusions: []}, query);
	}
});

test('a - starts an exclusion only at the start of a word and before something', t => {
	t.deepEqual(parseQuery('state-of-the-art -x-ray').exclusions, ['x-ray']);
	t.deepEqual(parseQuery('a - b').exclusions, []);
	t.deepEqual(parseQuery('a -').exclusions, []);
	t.deepEqual(parseQuery('a -""').exclusions, [], 'an empty exclusion excludes nothing');
	t.deepEqual(parseQuery('E2f-1, -2, -3 cells at -5 C'), {text: 'E2f-1, -2, -3 cells at -5 C', phrases: [], loose: ['E2f-1,', '-2,', '-3', 'cells', 'at', '-5', 'C'], exclusions: []}, 'a number is not an exclusion (a SciFact query)');
});

test('only exclusions, or nothing but quotes, is a problem naming the fix; anything else is not', t => {
	t.regex(queryProblem('-staging')!, /only exclusions.*add a word or "a phrase"/);
	t.regex(queryProblem('-staging -"dry run"')!, /only exclusions/);
	t.regex(queryProblem('""')!, /nothing to search for/);
	for (const query of ['staging', '"dry run"', 'a -b', '-', '"x" -y']) {
		t.is(queryProblem(query), undefined, query);
	}
});

test('the chunk check: phrase words in order at any word boundary, any case; exclusions as words, not parts of words', t => {
	const check = queryFilter(parseQuery('"api key" -staging'))!;
	t.true(check('Rotate the API key.'));
	t.true(check('the api-key and API_KEY'));
	t.true(check('getApiKey() returns it'), 'camelCase parts are words, as the keyword tokenizer splits them');
	t.false(check('the key api'), 'order counts');
	t.false(check('the api, then a key'), 'adjacent words only');
	t.false(check('the api key on staging'));
	t.true(check('the api key on prestaging servers'), 'a word holding the excluded one is another word');
	t.false(check('the apis keys'), 'no stemming: the words as written');
	t.is(queryFilter(parseQuery('plain words')), undefined, 'nothing to check without operators');
	const cjk = queryFilter(parseQuery('"東京都"'))!;
	t.true(cjk('私は東京都に住む'));
	t.false(cjk('東京の都'));
});
