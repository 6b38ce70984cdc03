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
	await t.throwsAsync(async () => findSection(doc, ['Install', 'Linx'], 'guide.md'), {message: 'section: no "Install > Linx" in guide.md; nearest: "Install > Linux"'});
	await t.throwsAsync(async () => findSection('plain text', ['x']), {message: /it has no headings$/});
});

test('the last headings are enough when they end one section; several are named with their lines', async t => {
	t.deepEqual(await findSection(doc, ['Linux']), {headingPath: ['Guide', 'Install', 'Linux'], startLine: 11, endLine: 12});
	const twice = '# T\n\n## Server\n\n### Goals\n\na\n\n## Client\n\n### Goals\n\nb\n';
	await t.throwsAsync(async () => findSection(twice, ['goals'], 'x.md'), {message: 'section: "goals" ends 2 sections of x.md: "Server > Goals" (line 5), "Client > Goals" (line 11); give more of its headings'});
	t.is((await findSection(twice, ['Client', 'Goals'])).startLine, 11);
	// A heading right below the title goes first, as before: "Install" is the title's, not a deeper one's.
	t.deepEqual((await findSection('# T\n\n## A\n\n### Install\n\n## Install\n', ['Install'])).headingPath, ['T', 'Install']);
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

test('on a KEP, where every heading sits under the title, suggestions compare the whole heading path', async t => {
	const text = readFileSync(path.join(sharedData, 'kubernetes-keps', 'corpus', 'keps', 'sig-cli', '2229-kubectl-xdg-base-dir', 'README.md'), 'utf8');
	t.deepEqual((await findSection(text, ['Goals'])).headingPath, ['KEP-2229: kubectl xdg base dir', 'Motivation', 'Goals']);
	await t.throwsAsync(async () => findSection(text, ['Motivaton'], 'k.md'), {message: 'section: no "Motivaton" in k.md; nearest: "Motivation"'});
	await t.throwsAsync(async () => findSection(text, ['Motivation', 'Goal'], 'k.md'), {message: 'section: no "Motivation > Goal" in k.md; nearest: "Motivation > Goals"'});
	await t.throwsAsync(async () => findSection(text, ['Graduation Criterias'], 'k.md'), {message: 'section: no "Graduation Criterias" in k.md; nearest: "Graduation Criteria"'});
});
