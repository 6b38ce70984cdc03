// Globs as automata (common/glob/): they say what the matchers they replace said, on the syntax both take, and
// refuse past their limits naming the rule. Issue 34 item 3: the regular expressions made from globs backtracked.
import test from 'ava';
import picomatch from 'picomatch';
import {globPattern} from '../../common/search/glob-pattern.js';
import {nameGlobMatcher, checkNameGlob} from '../../common/glob/name-glob.js';
import {checkPathGlob, pathGlobMatcher} from '../../common/glob/path-glob.js';
import {expandBraces} from '../../common/glob/brace-expansion.js';
import {firstGlobProblem, GlobError, globLimits} from '../../common/glob/glob-limits.js';
import {MatchBudget, MatchBudgetError, namesMatching} from '../../common/glob/match-budget.js';
import {seeded} from '../helpers/seeded.js';

const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const word = (random: () => number, parts: readonly string[], most: number) => Array.from({length: 1 + Math.floor(random() * most)}, () => pick(random, parts)).join('');

test('a search or get glob matches what its PostgreSQL regular expression (globPattern) matches, on 20,000 random pairs', t => {
	const random = seeded(34);
	const globParts = ['a', 'b', '/', '.', 'ab', '*', '**', '**/', '?', '{a,b}', '{a/,}', 'é', '[', '\\', '+', '('];
	const nameParts = ['a', 'b', '/', '.', 'x', 'é', '[', '\\', '+', '('];
	const differing: string[] = [];
	for (let index = 0; index < 20_000; index++) {
		const glob = word(random, globParts, 6);
		const name = word(random, nameParts, 9);
		if (nameGlobMatcher(glob)(name) !== new RegExp(globPattern(glob), 'u').test(name)) {
			differing.push(`${glob} ~ ${name}`);
		}
	}

	t.deepEqual(differing, []);
});

test('a source glob matches what picomatch matched, on 20,000 random pairs of the syntax both take', t => {
	const random = seeded(16);
	const globParts = ['a', 'b', '/', '.', 'ab', '*', '**', '**/', '/**', '?', '[ab]', '[a-c]', '{a,b}', '{x,a/b}', 'a/'];
	const nameParts = ['a', 'b', 'c', '/', '.', 'x'];
	const differing: string[] = [];
	for (let index = 0; index < 20_000; index++) {
		const glob = word(random, globParts, 6);
		const name = word(random, nameParts, 8);
		// Paths as the walker gives them: no empty, '.' or '..' segment; globs as a source takes them (no leading '/').
		if (glob.startsWith('/') || glob.startsWith('./') || glob.includes('***') || /(^|\/)\.{1,2}(\/|$)|\/\/|^\/|\/$/.test(name)) {
			continue;
		}

		// picomatch reads `x**/**` as x then one folder; git and this matcher read the `**` that is not a whole name as `*`.
		if (/[^/]\*\*\/\*\*/.test(glob)) {
			continue;
		}

		if (pathGlobMatcher(glob)(name) !== picomatch(glob, {dot: true})(name)) {
			differing.push(`${glob} ~ ${name}`);
		}
	}

	t.deepEqual(differing, []);
});

test('source globs: classes, escapes, nested braces, ranges and negation', t => {
	const cases: Array<[string, string, boolean]> = [
		['[!a]b.md', 'cb.md', true], ['[^a]b.md', 'ab.md', false], ['[a-c]x', 'bx', true], ['[]a]', ']', true], [String.raw`a\*b`, 'a*b', true], [String.raw`a\*b`, 'axb', false],
		['{a,{b,c}}.md', 'c.md', true], ['x{1..3}.md', 'x2.md', true], ['x{1..3}.md', 'x4.md', false], ['{a..c}.md', 'b.md', true],
		['!a.md', 'b.md', true], ['!a.md', 'a.md', false], ['docs/**', 'docs', true], ['docs/**', 'docsx', false], ['docs/**', 'docs/a/b.md', true],
		['**/x.md', 'x.md', true], ['**/x.md', 'a/b/x.md', true], ['a/**/b', 'a/b', true], ['*', 'a/b', false], ['[a/]b', 'a/b', false],
	];
	t.deepEqual(cases.filter(([glob, name, expected]) => pathGlobMatcher(glob)(name) !== expected), []);
	t.deepEqual(expandBraces('{a,b}{1..2}'), ['a1', 'a2', 'b1', 'b2']);
	t.throws(() => checkPathGlob('@(a|b).md'), {instanceOf: GlobError, message: /extglobs such as @\(a\|b\) are not supported: write {a,b}/});
});

test('[I34-3] hostile globs: `*a` x31 + `*b` over names of 250 a\'s is a plain answer, and past the limits a glob is refused naming the rule', t => {
	const hostile = `${'*a'.repeat(31)}*b`;
	const names = Array.from({length: 200}, (_, index) => `${'a'.repeat(250)}${index}.md`);
	t.false(names.some(name => nameGlobMatcher(hostile)(name)));
	t.false(names.some(name => pathGlobMatcher(hostile)(name)));
	t.true(nameGlobMatcher(`${'*a'.repeat(31)}*`)(names[0]!), 'it still matches what it should');
	t.throws(() => checkNameGlob(`${'*a'.repeat(32)}*b`), {instanceOf: GlobError, message: `"${'*a'.repeat(32)}*b": has 33 wildcards (*, **, ?, [...]); a glob has at most ${globLimits.wildcards}`});
	t.throws(() => checkPathGlob('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}'), {message: /stands for more than 64 globs/});
	t.throws(() => checkPathGlob('x{1..100}'), {message: /stands for more than 64 globs/});
	t.is(firstGlobProblem(Array.from({length: 8}, (_, index) => `{a,b}{a,b}{a,b}{a,b}{a,b}${index}`), checkNameGlob), undefined, '8 x 32 = 256: at the limit');
	t.is(firstGlobProblem(Array.from({length: 9}, (_, index) => `{a,b}{a,b}{a,b}{a,b}{a,b}${index}`), checkNameGlob), `these globs stand for 288 once their {a,b} are expanded; at most ${globLimits.listAlternatives} together`);
});

test('[I34-3] matching many names yields to the event loop, and a budget ends a request that would run past it', async t => {
	let turns = 0;
	const ticker = setInterval(() => {
		turns++;
	}, 0);
	const slow = () => {
		const until = performance.now() + 0.05;
		while (performance.now() < until) {
			// A test that takes its time: the budget is of time.
		}

		return false;
	};

	const names = Array.from({length: 20_000}, (_, index) => `n${index}`);
	await t.throwsAsync(async () => namesMatching(names, [slow], new MatchBudget(300, 5)), {instanceOf: MatchBudgetError, message: /^matching took more than 0.3 s \([\d,]+ names so far\): use fewer or narrower globs$/});
	clearInterval(ticker);
	t.true(turns > 0, 'timers ran while the names were matched');
	t.deepEqual(await namesMatching(['a.md', 'b.md', 'c.txt'], [nameGlobMatcher('*.md')]), ['a.md', 'b.md']);
});
