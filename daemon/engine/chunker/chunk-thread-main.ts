import {serveCalls} from '../threads/serve-calls.js';
import {chunkMarkdown} from './chunk-markdown.js';
import type {ChunkReply, ChunkRequest} from './chunk-thread.js';
import {lineLocator} from './lines.js';
import {parseMarkdown} from './parse.js';

/**
 * The chunking thread: Markdown is parsed, its front matter read and its chunks counted in tokens here, not on
 * the daemon's HTTP thread, which went unanswered for 1-1.4 s per 500 KB of pathological Markdown (issue 34).
 * Whatever a document makes the chunker throw is that document's failure, sent back as such.
 */
function handle(request: ChunkRequest): ChunkReply {
	try {
		if (request.op === 'headings') {
			const text = request.text.replace(/^\uFEFF/, '');
			const lineOf = lineLocator(text);
			return {headings: parseMarkdown(text).blocks.flatMap(block => (block.kind === 'heading' ? [{depth: block.depth, text: block.text, line: lineOf(block.start)}] : []))};
		}

		return {chunked: chunkMarkdown(request.text, request.fileName, {headingContext: request.headingContext})};
	} catch (error) {
		return {refused: error instanceof Error ? error.message : String(error)};
	}
}

/** Front matter, headings, a list, a table, code and a footnote: each part of the chunker runs once. */
const warmUp = '---\ntitle: Warm\ntags: [a, b]\n---\n# Warm\n\nSome *text* with a [link](x.md)[^1].\n\n## Part\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx();\n```\n\n[^1]: A note.\n';

// The tokenizer's vocabulary loaded and the chunker's code compiled before the thread says it is ready, when a
// document's time starts: its first document is not charged for the thread's start (70-80 ms here, counted
// against a 100 ms budget before, when serveCalls said ready ahead of this warm-up).
chunkMarkdown(warmUp, 'warm.md', {headingContext: true});
serveCalls(handle);
