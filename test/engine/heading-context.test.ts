import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {chunkMarkdown} from '../../daemon/engine/chunker/chunk-markdown.js';
import {headingContextFromEnv} from '../../daemon/engine/chunker/heading-context.js';
import {sharedData} from '../helpers/paths.js';

const kep = path.join(sharedData, 'kubernetes-keps', 'corpus', 'keps', 'sig-node', '753-sidecar-containers', 'README.md');

test('without the heading path, the same chunks embed their text alone', t => {
	const source = readFileSync(kep, 'utf8');
	const withPath = chunkMarkdown(source, 'README.md');
	const without = chunkMarkdown(source, 'README.md', {headingContext: false});
	t.true(withPath.chunks.length > 10);
	t.deepEqual(without.chunks.map(chunk => [chunk.startLine, chunk.endLine, chunk.content]), withPath.chunks.map(chunk => [chunk.startLine, chunk.endLine, chunk.content]));
	for (const [index, chunk] of without.chunks.entries()) {
		const original = withPath.chunks[index]!;
		t.is(chunk.embedText, chunk.content);
		t.is(original.embedText, `${original.headingPath.join(' > ')}\n\n${original.content}`);
		t.true(chunk.tokens < original.tokens, 'the heading path no longer counts');
		t.not(chunk.hash, original.hash, 'another embedded text is another vector');
	}
});

test('MD_VECTOR_EMBED_HEADINGS: unset or 1 embeds the heading path, 0 does not, anything else is refused by name', t => {
	t.true(headingContextFromEnv({}));
	t.true(headingContextFromEnv({MD_VECTOR_EMBED_HEADINGS: '1'}));
	t.false(headingContextFromEnv({MD_VECTOR_EMBED_HEADINGS: '0'}));
	t.throws(() => headingContextFromEnv({MD_VECTOR_EMBED_HEADINGS: 'no'}), {message: 'MD_VECTOR_EMBED_HEADINGS must be 0 or 1, got \'no\''});
});
