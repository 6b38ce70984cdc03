import {parentPort} from 'node:worker_threads';
import {serveCalls} from '../threads/serve-calls.js';
import {chunkMarkdown} from './chunk-markdown.js';
import type {ChunkReply, ChunkRequest} from './chunk-thread.js';
import {lineLocator} from './lines.js';
import {parseMarkdown} from './parse.js';
import {bertTokenCounter} from './token-counter.js';

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

serveCalls(handle);
// Loaded before the first document's time starts: a start on a busy machine is not that document's fault.
bertTokenCounter()('warm');
parentPort!.postMessage({ready: true});
