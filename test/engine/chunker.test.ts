import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {AutoTokenizer} from '@huggingface/transformers';
import {chunkMarkdown} from '../../daemon/engine/chunker/chunk-markdown.js';
import {bertTokenCounter} from '../../daemon/engine/chunker/token-counter.js';
import {sharedData, tinyModelDir} from '../helpers/paths.js';

function markdownFiles(root: string): string[] {
	return readdirSync(root, {recursive: true, withFileTypes: true})
		.filter(entry => entry.isFile() && entry.name.endsWith('.md'))
		.map(entry => path.join(entry.parentPath, entry.name))
		.sort();
}

/** Every n-th file: the whole trees take ~90 s to parse; a spread sample keeps the suite fast. */
function sample(root: string, every: number): string[] {
	return markdownFiles(root).filter((_, index) => index % every === 0);
}

const fence = /^\s*(```|~~~)/;

async function realTokenizer() {
	// The model's own tokenizer (transformers.js), independent of the chunker's counter.
	const tokenizer = await AutoTokenizer.from_pretrained(tinyModelDir, {local_files_only: true});
	return (text: string) => (tokenizer(text, {add_special_tokens: true}) as {input_ids: {dims: number[]}}).input_ids.dims.at(-1)!;
}

for (const [corpus, every] of [['kubernetes-keps', 6], ['powershell-docs', 25]] as const) {
	test(`chunks real ${corpus} files within the budget, with titles and whole code fences`, async t => {
		const count = await realTokenizer();
		const files = sample(path.join(sharedData, corpus), every);
		t.true(files.length > 100);
		let chunks = 0;
		let fenced = 0;
		for (const file of files) {
			const source = readFileSync(file, 'utf8');
			const document = chunkMarkdown(source, path.basename(file));
			t.truthy(document.title, file);
			for (const chunk of document.chunks) {
				chunks++;
				t.true(count(chunk.embedText) <= 512, `${file} chunk ${chunk.ordinal} is over the model budget`);
				t.is(count(chunk.embedText), chunk.tokens, 'the recorded token count is exact');
				t.true(chunk.headingLevel >= 0 && chunk.headingLevel <= 6);
				t.truthy(chunk.sectionTitle);
				t.is(chunk.headingPath[0], document.title);
				const fences = chunk.content.split('\n').filter(line => fence.test(line)).length;
				t.is(fences % 2, 0, `${file} chunk ${chunk.ordinal} has a broken code fence`);
				fenced += fences > 0 ? 1 : 0;
				t.notRegex(chunk.content, /^---\n[\s\S]*?\n---/, 'front matter is never chunk content');
			}
		}

		t.true(chunks > files.length, `${chunks} chunks from ${files.length} files`);
		t.true(fenced > 0, 'the sample has code blocks');
	});
}

test('front matter gives the title and tags and is not embedded', t => {
	const source = '---\ntitle: Install guide\ntags: [setup, linux]\nms.date: 2024-01-01\n---\n\nIntro text.\n\n## Linux\n\nRun apt.\n';
	const document = chunkMarkdown(source, 'guide.md');
	t.is(document.title, 'Install guide');
	t.deepEqual(document.tags, ['setup', 'linux']);
	t.is(document.chunks.length, 2);
	t.deepEqual(document.chunks.map(chunk => [chunk.sectionTitle, chunk.headingLevel]), [['Install guide', 0], ['Linux', 2]]);
	t.false(document.chunks.some(chunk => chunk.embedText.includes('ms.date')));
	t.is(document.chunks[1]!.embedText, 'Install guide > Linux\n\nRun apt.');
	t.is(document.chunks[1]!.startLine, 11);
});

test('heading paths follow nesting and the file name titles a document without headings', t => {
	const source = '# Guide\n\nTop.\n\n## A\n\nIn A.\n\n### A.1\n\nDeep.\n\n## B\n\nIn B.\n';
	const document = chunkMarkdown(source, 'docs/guide.md');
	t.deepEqual(document.chunks.map(chunk => chunk.headingPath), [['Guide'], ['Guide', 'A'], ['Guide', 'A', 'A.1'], ['Guide', 'B']]);
	t.deepEqual(document.chunks.map(chunk => chunk.headingLevel), [1, 2, 3, 2]);
	t.is(chunkMarkdown('Just text.', 'notes/todo.md').chunks[0]!.sectionTitle, 'todo');
});

test('an H1 with nothing directly under it still titles the document (not the file name)', t => {
	const document = chunkMarkdown('\n\n# Kubectl Plugins\n\n## Summary\n\nPlugins extend kubectl.\n', 'keps/README.md');
	t.is(document.title, 'Kubectl Plugins');
	t.deepEqual(document.chunks.map(chunk => chunk.headingPath), [['Kubectl Plugins', 'Summary']]);
});

test('a code fence too long for one chunk is split into fenced parts', t => {
	const code = Array.from({length: 400}, (_, index) => `let value${index} = compute(${index}) + offset;`).join('\n');
	const source = `# Code\n\n\`\`\`js\n${code}\n\`\`\`\n`;
	const document = chunkMarkdown(source, 'code.md');
	t.true(document.chunks.length > 1);
	for (const chunk of document.chunks) {
		t.true(chunk.content.startsWith('```js\n'));
		t.true(chunk.content.endsWith('\n```'));
		t.true(chunk.tokens <= 512);
	}

	const lines = document.chunks.flatMap(chunk => chunk.content.split('\n').slice(1, -1));
	t.deepEqual(lines, code.split('\n'), 'every code line is kept, in order, once');
});

test('a long table is split at rows and every part keeps the header', t => {
	const rows = Array.from({length: 300}, (_, index) => `| row ${index} | value ${index * 7} |`).join('\n');
	const document = chunkMarkdown(`# T\n\n| name | value |\n| --- | --- |\n${rows}\n`, 't.md');
	t.true(document.chunks.length > 1);
	for (const chunk of document.chunks) {
		t.true(chunk.content.startsWith('| name | value |\n| --- | --- |\n'));
	}
});

test('ids and hashes are stable and content-derived', t => {
	const source = '# A\n\nOne.\n\n## B\n\nTwo.\n';
	const first = chunkMarkdown(source, 'a.md');
	t.deepEqual(chunkMarkdown(source, 'a.md'), first);
	const edited = chunkMarkdown(source.replace('Two.', 'Three.'), 'a.md');
	t.is(edited.chunks[0]!.hash, first.chunks[0]!.hash);
	t.not(edited.chunks[1]!.hash, first.chunks[1]!.hash);
	t.not(edited.contentHash, first.contentHash);
});

test('footnote definitions are content; link references, escapes and images in headings give their text', t => {
	const source = '# Guide\n\n[ref]: https://example.com\n\n## Use [the tool][ref] with `x` and ![logo](l.png)\n\nText[^1].\n\n### root\\cimv2\\Win32\n\nBody.\n\n[^1]: The note\n    goes on.\n';
	const document = chunkMarkdown(source, 'g.md');
	t.deepEqual(document.chunks.map(chunk => chunk.headingPath.at(-1)), ['Use the tool with x and logo', String.raw`root\cimv2\Win32`]);
	t.false(document.chunks.some(chunk => chunk.content.includes('https://example.com')), 'a link definition is not content');
	t.is(document.chunks[1]!.content, 'Body.\n\n[^1]: The note\n    goes on.');
	t.is(document.chunks[1]!.endLine, 14);
});

test('HTML comments and TOML front matter are dropped; CRLF line numbers are the file\'s', t => {
	const document = chunkMarkdown('+++\ntitle = "x"\n+++\r\n<!-- generated -->\r\n\r\n# Title\r\n\r\nFirst.\r\n\r\n## Next\r\n\r\nSecond\r\nline.\r\n', 'c.md');
	t.is(document.title, 'Title');
	t.deepEqual(document.chunks.map(chunk => [chunk.content, chunk.startLine, chunk.endLine]), [['First.', 8, 8], ['Second\r\nline.', 12, 13]]);
});

test('a file with bare CR line breaks (classic Mac) gets the line numbers markdown-it counts', t => {
	const document = chunkMarkdown('# Title\r\rFirst.\r\r## Next\r\rSecond\rline.\r', 'm.md');
	t.deepEqual(document.chunks.map(chunk => [chunk.sectionTitle, chunk.startLine, chunk.endLine]), [['Title', 3, 3], ['Next', 7, 8]]);
});

test('the word-cached token counter equals the tokenizer on awkward text', async t => {
	const count = await realTokenizer();
	const counter = bertTokenCounter();
	const texts = ['Café\u00A0naïve\tTAB\r\nline', 'Node入门 and 東京タワー', 'zero\u200Bwidth \uFEFFbom', 'x'.repeat(150), '[CLS] literal [SEP]', String.raw`Get-ChildItem -Path C:\x`, ''];
	for (const text of [...texts, ...texts]) { // the second pass reads the cache
		t.is(counter(text), count(text), JSON.stringify(text));
	}
});
