// Ignore files as git reads them, looked up and matched without a pass over every rule (daemon/engine/sources/
// ignore-file.ts); the `ignore` package it replaces is the reference on random rules and paths.
import test from 'ava';
import ignore from 'ignore';
import {IgnoreFile, ignoreFileLimits} from '../../daemon/engine/sources/ignore-file.js';
import {seeded} from '../helpers/seeded.js';

const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!;

test('an ignore file decides what the ignore package decides, on random rules and paths', t => {
	const random = seeded(9);
	const ruleParts = ['a', 'b', 'x', '.md', '*', '**', '?', '/', '[ab]', '[!a]'];
	const pathParts = ['a', 'b', 'x', '.md', 'ab'];
	const differing: string[] = [];
	for (let round = 0; round < 400; round++) {
		const rules = Array.from({length: 1 + Math.floor(random() * 6)}, () => {
			const body = Array.from({length: 1 + Math.floor(random() * 4)}, () => pick(random, ruleParts)).join('');
			return `${random() < 0.2 ? '!' : ''}${random() < 0.2 ? '/' : ''}${body}${random() < 0.15 ? '/' : ''}`;
		}).filter(rule => !/\/{2}|\*{3}|^!?\/$|^!$/.test(rule));
		const file = new IgnoreFile(rules.join('\n'), 'test');
		const reference = ignore().add(rules);
		for (let index = 0; index < 20; index++) {
			const segments = Array.from({length: 1 + Math.floor(random() * 3)}, () => Array.from({length: 1 + Math.floor(random() * 2)}, () => pick(random, pathParts)).join(''));
			const isDirectory = random() < 0.3;
			// The walker asks about a path only when no folder above it was ignored: so does this test.
			const parents = segments.slice(0, -1).map((_, at) => segments.slice(0, at + 1).join('/'));
			if (parents.some(parent => reference.test(`${parent}/`).ignored)) {
				continue;
			}

			const relative = segments.join('/');
			const expected = reference.test(isDirectory ? `${relative}/` : relative);
			const want = expected.ignored ? 'ignored' : (expected.unignored ? 'included' : undefined);
			const got = file.decide(relative, isDirectory);
			if (got !== want) {
				differing.push(`${JSON.stringify(rules)} ${relative}${isDirectory ? '/' : ''}: ${got} (ignore: ${want})`);
			}
		}
	}

	t.deepEqual(differing.slice(0, 10), []);
});

test('comments, escapes, trailing spaces, folders only and anchoring read as git reads them', t => {
	const file = new IgnoreFile(['# comment', String.raw`\#hash.md`, String.raw`space\ `, 'trail.md   ', 'build/', '/top.md', 'docs/*.md', '**/deep.md', '!keep.md', '*.md', '!again.md'].join('\r\n'), 'test');
	const cases: Array<[string, boolean, string | undefined]> = [
		['#hash.md', false, 'ignored'], ['space ', false, 'ignored'], ['trail.md', false, 'ignored'], ['build', true, 'ignored'], ['build', false, undefined],
		['top.md', false, 'ignored'], ['docs/x/y.txt', false, undefined], ['a/b/deep.md', false, 'ignored'], ['keep.md', false, 'ignored'], ['again.md', false, 'included'],
		['build.txt', false, undefined],
	];
	t.deepEqual(cases.map(([path, isDirectory]) => file.decide(path, isDirectory)), cases.map(entry => entry[2]));
	t.is(new IgnoreFile('top.md', 't').decide('top.md', false), 'ignored');
	t.is(new IgnoreFile('/top.md', 't').decide('sub/top.md', false), undefined, 'a leading / anchors to the folder');
});

test('[I34-9] an ignore file is bounded in rules: past them its folder is refused with why, at them it decides by lookup', t => {
	const names = Array.from({length: ignoreFileLimits.rules + 1}, (_, index) => `name-${index}.md`).join('\n');
	t.throws(() => new IgnoreFile(names, 'the ignore files of /x'), {message: `the ignore files of /x: more than ${ignoreFileLimits.rules.toLocaleString('en-US')} rules; shorten it (or sync with --no-ignore)`});
	const wild = Array.from({length: ignoreFileLimits.matched + 1}, (_, index) => `*a*${index}*b`).join('\n');
	t.throws(() => new IgnoreFile(wild, 'the ignore files of /x'), {message: /more than 500 rules with wildcards other than \*\.ext or name\*/});
	const atLimit = new IgnoreFile([...Array.from({length: 9000}, (_, index) => `name-${index}.md`), ...Array.from({length: 500}, (_, index) => `*.e${index}`), ...Array.from({length: 400}, (_, index) => `*a*a*a*a*a*a*${index}b`)].join('\n'), 't');
	t.is(atLimit.decide('sub/name-8999.md', false), 'ignored');
	t.is(atLimit.decide(`${'a'.repeat(200)}.e499`, false), 'ignored');
	t.is(atLimit.decide(`${'a'.repeat(250)}.md`, false), undefined);
	t.is(atLimit.decide(`${'a'.repeat(20)}399b`, false), 'ignored');
});
