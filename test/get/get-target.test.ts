import test from 'ava';
import {parseGetTarget} from '../../common/get/get-target.js';
import {sliceLines, splitLines} from '../../common/get/line-range.js';
import {formatFiles, formatPathLines} from '../../common/get/path-line-format.js';
import {markedRanges, queryMarks} from '../../source/ui/query-marks.js';

const targets: Array<[string, ReturnType<typeof parseGetTarget>]> = [
	['notes/a.md', {file: 'notes/a.md'}],
	['notes/a.md:120', {file: 'notes/a.md', line: 120}],
	['notes/a.md:120:40', {file: 'notes/a.md', line: 120, count: 40}],
	['10:30 meeting.md', {file: '10:30 meeting.md'}], // a colon inside the name is part of it
	['10:30 meeting.md:5', {file: '10:30 meeting.md', line: 5}],
	['a.md:x', {file: 'a.md:x'}],
	['a.md:', {file: 'a.md:'}],
	['notes/a.md:9-12', {file: 'notes/a.md', line: 9, count: 4}], // a search hit's header
	['/home/me/notes/a.md:9-9', {file: '/home/me/notes/a.md', line: 9, count: 1}],
	['h:compost.md:3-3', {file: 'h:compost.md', line: 3, count: 1}], // several collections: the CLI tries the prefix as one
	['a.md:9-x', {file: 'a.md:9-x'}],
];

for (const [argument, expected] of targets) {
	test(`get target ${JSON.stringify(argument)}`, t => {
		t.deepEqual(parseGetTarget(argument), expected);
	});
}

test('get targets: zero, huge or empty are refused with the field', t => {
	t.throws(() => parseGetTarget('a.md:0'), {instanceOf: RangeError, message: 'line: must be a whole number of 1 or more (got 0)'});
	t.throws(() => parseGetTarget('a.md:3:0'), {message: /^count: must be a whole number/});
	t.throws(() => parseGetTarget('a.md:99999999999999999999'), {message: /^line: /});
	t.throws(() => parseGetTarget(' '), {message: 'file: must not be empty'});
	t.throws(() => parseGetTarget('a.md:9-3'), {instanceOf: RangeError, message: 'line: the range 9-3 ends before it starts'});
	t.throws(() => parseGetTarget('a.md:0-3'), {message: /^line: must be a whole number/});
});

test(String.raw`lines split like the chunker's line numbers: \n, \r\n and \r; a final break ends the last line`, t => {
	t.deepEqual(splitLines('a\nb\r\nc\rd\n'), ['a', 'b', 'c', 'd']);
	t.deepEqual(splitLines('a\n\n'), ['a', '']);
	t.deepEqual(splitLines(''), []);
});

test('line ranges: whole, from a line, a count clipped at the end, past the end refused', t => {
	const text = 'one\ntwo\nthree\nfour\n';
	t.deepEqual(sliceLines(text), {content: 'one\ntwo\nthree\nfour', startLine: 1, endLine: 4, totalLines: 4});
	t.deepEqual(sliceLines(text, 3), {content: 'three\nfour', startLine: 3, endLine: 4, totalLines: 4});
	t.deepEqual(sliceLines(text, 2, 2), {content: 'two\nthree', startLine: 2, endLine: 3, totalLines: 4});
	t.deepEqual(sliceLines(text, 4, 10), {content: 'four', startLine: 4, endLine: 4, totalLines: 4});
	t.throws(() => sliceLines(text, 5), {message: 'line: 5 is past the end of the document (4 lines)'});
	t.deepEqual(sliceLines(''), {content: '', startLine: 0, endLine: 0, totalLines: 0});
});

test('path:line output points at the first line with a query term, like rg -n', t => {
	const hits = [
		{path: '/home/u/notes/a.md', startLine: 10, content: '## Setup\n\nInstall the package\nthen run it'},
		{path: 'inline.md', startLine: 3, content: '\n\nnothing matches here\nsecond'},
		{path: '/home/u/notes/a.md', startLine: 40, content: 'Reinstall first\nthen install\n'},
	];
	const matching = (query: string) => (line: string) => markedRanges(line, queryMarks(query)).length > 0;
	t.deepEqual(formatPathLines(hits, matching('install')), [
		'/home/u/notes/a.md:12:Install the package',
		'inline.md:5:nothing matches here', // no term: the first non-blank line
		'/home/u/notes/a.md:41:then install', // a term starts a word: not inside "Reinstall"
	]);
	t.deepEqual(formatPathLines([{path: 'a.md', startLine: 1, content: 'x'}], matching('')), ['a.md:1:x']);
	t.deepEqual(formatPathLines([{path: 'a.md', startLine: 7, content: 'x\nc++ and (regex) chars'}], matching('(regex')), ['a.md:8:c++ and (regex) chars']);
});

test('--files lists each path once, in the order of its best hit', t => {
	t.deepEqual(formatFiles([{path: 'b.md'}, {path: 'a.md'}, {path: 'b.md'}]), ['b.md', 'a.md']);
});
