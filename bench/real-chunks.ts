// A collection of a real Markdown tree without hours of embedding: every file chunked by the daemon's own chunker
// (real names, headings, line ranges and texts, so BM25 and the TUI see real data), imported with `md-vector
// import` with synthetic clustered unit vectors of the model's size (vector search costs the same whatever the values).
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {chunkMarkdown, chunkerVersion} from '../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {walkMarkdown} from './walk-markdown.js';
import {cliBin} from './cli-oneshot.js';
import {clusteredVectors} from './synthetic-vectors.js';

/**
 * Imports every Markdown file under `folder` into `collection` of the daemon `env` names; resolves with its file
 * and chunk counts. Through the command, each file of ~5,000 chunks by a new process: chunking takes seconds, in
 * which the daemon closes an idle keep-alive connection that this process's client would send the next body on.
 * A `copy` (a name prefix and a seed of its vectors) imports the tree once more beside what is stored, for a larger
 * collection of real chunks: every term's posting list grows with the copies, as in a folder of versioned docs.
 */
export async function importRealChunks(env: NodeJS.ProcessEnv, folder: string, collection: string, model: {id: string; dims: number}, copy?: {prefix: string; seed: number}): Promise<{files: number; chunks: number}> {
	const vectors = clusteredVectors(model.dims, copy?.seed);
	const header = JSON.stringify({format: 'md-vector-export', version: 1, collection, model_id: model.id, dims: model.dims, chunker_version: chunkerVersion, exported_at: new Date().toISOString()});
	const files = await walkMarkdown(folder);
	const prefix = copy?.prefix ?? '';
	const exports = temporaryDirectory('md-vector-bench-import-');
	let chunks = 0;
	let lines = [header];
	let inBody = 0;
	for (const file of files) {
		const text = readFileSync(path.join(folder, file), 'utf8');
		const document = chunkMarkdown(text, file);
		const first = chunks;
		lines.push(JSON.stringify({
			file_name: `${prefix}${file}`, title: document.title, tags: document.tags, content_hash: document.contentHash, byte_size: Buffer.byteLength(text),
			chunks: document.chunks.map(chunk => ({
				id: `${prefix}${first}-${chunk.ordinal}`, ordinal: chunk.ordinal, section_title: chunk.sectionTitle, heading_level: chunk.headingLevel, heading_path: chunk.headingPath,
				content: chunk.content, start_line: chunk.startLine, end_line: chunk.endLine, tokens: chunk.tokens, text_hash: chunk.hash,
				vector: Buffer.from(vectors.next().buffer).toString('base64'),
			})),
		}));
		chunks += document.chunks.length;
		inBody += document.chunks.length;
		if (inBody >= 5000 || file === files.at(-1)) {
			const part = path.join(exports, `part-${chunks}.jsonl`);
			writeFileSync(part, `${lines.join('\n')}\n`);
			await execa('node', [cliBin, 'import', part, '-C', collection], {env});
			lines = [header];
			inBody = 0;
		}
	}

	rmSync(exports, {recursive: true, force: true});
	return {files: files.length, chunks};
}
