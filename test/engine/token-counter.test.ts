import test from 'ava';
import {cachedByWord} from '../../daemon/engine/chunker/token-counter.js';

/** A word counter that records which words it was asked to count. */
function countingWords(): {readonly counted: string[]; readonly counter: (text: string) => number} {
	const counted: string[] = [];
	const counter = cachedByWord(word => {
		counted.push(word.length > 20 ? `${word[0]}x${word.length}` : word);
		return 1;
	});
	return {counted, counter};
}

test('words seen again are read from the cache', t => {
	const {counted, counter} = countingWords();
	t.is(counter('alpha beta alpha'), 5);
	t.is(counter('beta\talpha'), 4);
	t.deepEqual(counted, ['alpha', 'beta']);
});

test('[I34-10-chunking] huge words do not stay in the cache: past 16 M characters kept, it starts over', t => {
	const {counted, counter} = countingWords();
	const first = 'a'.repeat(9 * 1024 * 1024);
	const second = 'b'.repeat(9 * 1024 * 1024);
	counter(`small ${first}`);
	counter(second); // 18 MB of words together: the cache starts over before keeping it
	counter(`${first} small`);
	t.deepEqual(counted, ['small', `ax${first.length}`, `bx${second.length}`, `ax${first.length}`, 'small']);
});
