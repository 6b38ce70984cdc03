import test from 'ava';
import {documentSection} from '../../daemon/engine/search/document-section.js';
import type {StoredChunk} from '../../daemon/engine/storage/types.js';

/** Chunks of a document titled Guide: intro, Install (text only in Linux and macOS), Usage. */
const chunks: StoredChunk[] = [
	{path: ['Guide'], level: 0, text: 'Intro.'},
	{path: ['Guide', 'Install', 'Linux'], level: 3, text: 'Run apt install.'},
	{path: ['Guide', 'Install', 'macOS'], level: 3, text: 'Run brew install.'},
	{path: ['Guide', 'Usage'], level: 2, text: 'Turn the compost weekly.'},
].map(({path, level, text}, ordinal) => ({
	rowid: ordinal + 1, id: `c${ordinal}`, fileName: 'guide.md', sourcePath: null, ordinal, sectionTitle: path.at(-1)!,
	headingLevel: level, headingPath: path, content: text, startLine: (ordinal * 4) + 1, endLine: (ordinal * 4) + 2,
}));

test('a heading whose text is all in subsections: every subsection, level null, the path as stored', t => {
	t.deepEqual(documentSection(chunks, ['Install']), {
		headingPath: ['Guide', 'Install'], headingLevel: null, startLine: 5, endLine: 10, content: 'Run apt install.\n\nRun brew install.',
	});
});

test('the document title may be given or left out; headings compare without case or outer spaces', t => {
	const withTitle = documentSection(chunks, ['Guide', 'Usage']);
	t.like(withTitle, {headingPath: ['Guide', 'Usage'], headingLevel: 2, content: 'Turn the compost weekly.'});
	t.deepEqual(documentSection(chunks, [' usage ']), withTitle);
	t.like(documentSection(chunks, ['install', 'LINUX']), {headingPath: ['Guide', 'Install', 'Linux'], headingLevel: 3, startLine: 5, endLine: 6});
});

test('an empty path is the whole document at level 0; an unknown heading is undefined', t => {
	t.like(documentSection(chunks, []), {headingPath: [], headingLevel: 0, startLine: 1, endLine: 14});
	t.is(documentSection(chunks, [])!.content.split('\n\n').length, 4);
	t.is(documentSection(chunks, ['Nope']), undefined);
	t.is(documentSection(chunks, ['Linux']), undefined, 'a subsection is found through its parent only');
	t.is(documentSection([], ['Install']), undefined);
});
