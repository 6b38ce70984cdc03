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

/** An import made ready: its part files (each ~5,000 chunks, an export's lines) in order, and what they hold. */
export type ImportParts = {readonly files: number; readonly chunks: number; readonly parts: readonly string[]; readonly folder: string};

/**
 * Every Markdown file under `folder` chunked by the daemon's own chunker and written as export parts for
 * `collection`, with synthetic vectors of `model`'s size. A `copy` (a name prefix and a seed of its vectors) makes
 * the tree once more beside what is stored, for a larger collection of real chunks: every term's posting list
 * grows with the copies, as in a folder of versioned docs. Done before an import is timed, so the chunking (seconds
 * of this process's thread) never delays the replies of searches this process times meanwhile.
 */
export async function exportParts(folder: string, collection: string, model: {id: string; dims: number}, copy?: {prefix: string; seed: number}): Promise<ImportParts> {
	const vectors = clusteredVectors(model.dims, copy?.seed);
	const header = JSON.stringify({format: 'md-vector-export', version: 1, collection, model_id: model.id, dims: model.dims, chunker_version: chunkerVersion, exported_at: new Date().toISOString()});
	const files = await walkMarkdown(folder);
	const prefix = copy?.prefix ?? '';
	const exports = temporaryDirectory('md-vector-bench-import-');
	const parts: string[] = [];
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
			parts.push(part);
			lines = [header];
			inBody = 0;
		}
	}

	return {files: files.length, chunks, parts, folder: exports};
}

/**
 * Imports the parts into `collection` of the daemon `env` names, each by a new `md-vector import` process (a
 * long gap between bodies would let the daemon close an idle keep-alive connection); removes them after.
 */
export async function importParts(env: NodeJS.ProcessEnv, collection: string, {files, chunks, parts, folder}: ImportParts): Promise<{files: number; chunks: number}> {
	try {
		for (const part of parts) {
			await execa('node', [cliBin, 'import', part, '-C', collection], {env});
		}
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}

	return {files, chunks};
}

/** exportParts then importParts: every Markdown file under `folder` into `collection`; resolves with its file and chunk counts. */
export async function importRealChunks(env: NodeJS.ProcessEnv, folder: string, collection: string, model: {id: string; dims: number}, copy?: {prefix: string; seed: number}): Promise<{files: number; chunks: number}> {
	return importParts(env, collection, await exportParts(folder, collection, model, copy));
}
