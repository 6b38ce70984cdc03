import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {findSection, parseSectionPath} from '../../daemon/engine/documents/find-section.js';
import {sliceLines} from '../../common/get/line-range.js';
import {sharedData} from '../helpers/paths.js';

const doc = [
	'# Guide', // 1
	'', // 2
	'Intro.', // 3
	'', // 4
	'## Install', // 5
	'', // 6
	'```sh', // 7
	'# not a heading: a comment in code', // 8
	'```', // 9
	'', // 10
	'### Linux', // 11
	'apt-get install it', // 12
	'', // 13
	'### A > B', // 14
	'arrows', // 15
	'', // 16
	'', // 17
	'Usage', // 18
	'-----', // 19
	'Run it.', // 20
	'',
].join('\n');

test('a section runs from its heading to before the next heading of its level or higher, without the blank gap', async t => {
	t.deepEqual(await findSection(doc, ['Guide', 'Install']), {headingPath: ['Guide', 'Install'], startLine: 5, endLine: 15});
	t.deepEqual(await findSection(doc, ['Install', 'Linux']), {headingPath: ['Guide', 'Install', 'Linux'], startLine: 11, endLine: 12});
	t.deepEqual(await findSection(doc, ['guide']), {headingPath: ['Guide'], startLine: 1, endLine: 20});
	// Setext headings count; the title may be left out; case does not matter.
	t.deepEqual(await findSection(doc, ['usage']), {headingPath: ['Guide', 'Usage'], startLine: 18, endLine: 20});
	t.is((await findSection(doc, parseSectionPath(String.raw`Install > A \> B`))).startLine, 14);
});

test('a "#" line inside code is not a heading, and a missing section names the nearest one', async t => {
	const error = await t.throwsAsync(async () => findSection(doc, ['not a heading: a comment in code'], 'guide.md'));
	t.regex(error.message, /^section: no "not a heading: a comment in code" in guide\.md; nearest: "/);
	await t.throwsAsync(async () => findSection(doc, ['Install', 'Linx'], 'guide.md'), {message: 'section: no "Install > Linx" in guide.md; nearest: "Guide > Install > Linux"'});
	await t.throwsAsync(async () => findSection(doc, ['Linux']), {message: /no "Linux"/}, 'only the title may be left out, not a middle heading');
	await t.throwsAsync(async () => findSection('plain text', ['x']), {message: /it has no headings$/});
});

test(String.raw`section paths: split at ">", "\>" is a literal, empty parts refused`, t => {
	t.deepEqual(parseSectionPath('Install > Linux'), ['Install', 'Linux']);
	t.deepEqual(parseSectionPath(String.raw`A \> B>C`), ['A > B', 'C']);
	t.throws(() => parseSectionPath('Install >'), {message: /^section: every heading/});
});

test('on a real KEP, a section found by its path is the text under that heading', async t => {
	const file = path.join(sharedData, 'kubernetes-keps', 'corpus', 'keps', 'sig-cli', '1020-kubectl-staging', 'README.md');
	const text = readFileSync(file, 'utf8');
	const found = await findSection(text, ['Proposal', 'Time frame']);
	t.deepEqual(found.headingPath, ['KEP-1020: Move Kubectl Code into Staging', 'Proposal', 'Time frame']);
	const section = sliceLines(text, found.startLine, found.endLine - found.startLine + 1);
	t.true(section.content.startsWith('### Time frame\n'));
	t.true(section.content.endsWith('(1.16 and 1.17).'));
	t.is((await findSection(text, ['Motivation', 'Non-Goals'])).endLine, 84);
});
