import {invalidInput} from '../errors.js';
import type {DocumentToWrite} from '../storage/types.js';
import {decodeVector} from '../storage/vector-codec.js';
import {vectorProblem, vectorRule} from '../storage/vector-rules.js';
import type {ExportedDocument, ExportHeader} from './export-format.js';

type Schema<T> = {safeParse(value: unknown): {success: true; data: T} | {success: false; error: {issues: Array<{path: PropertyKey[]; message: string}>}}};

/** A value checked against a schema of export-format.ts; the first problem is a 400 that names `where` and the field. */
export function check<T>(schema: Schema<T>, value: unknown, where: string): T {
	const result = schema.safeParse(value);
	if (!result.success) {
		const issue = result.error.issues[0]!;
		throw invalidInput(`import: ${where}: ${issue.path.map(String).join('.') || 'value'}: ${issue.message}`);
	}

	return result.data;
}

/** Where an imported document goes: its name and its place in the collection (loose: no source). */
export type ImportedPlace = Pick<DocumentToWrite, 'fileName' | 'sourceId' | 'relativePath' | 'sourcePath' | 'mtimeMs'>;

/** An exported document as the storage writes it, its vectors decoded and checked, in its place when given. */
export function toDocument(document: ExportedDocument, header: ExportHeader, where: string, place?: ImportedPlace): DocumentToWrite {
	return {
		fileName: document.file_name,
		text: document.text ?? undefined,
		...place,
		title: document.title,
		tags: document.tags,
		contentHash: document.content_hash,
		byteSize: document.byte_size,
		chunks: document.chunks.map(chunk => ({
			ordinal: chunk.ordinal,
			sectionTitle: chunk.section_title,
			headingLevel: chunk.heading_level,
			headingPath: chunk.heading_path,
			content: chunk.content,
			startLine: chunk.start_line,
			endLine: chunk.end_line,
			tokens: chunk.tokens,
			hash: chunk.text_hash,
			vector: chunk.vector === undefined ? undefined : readVector(chunk.vector, header, `import: ${where}: document '${document.file_name}', chunk ${chunk.ordinal}: vector`),
		})),
	};
}

/**
 * A chunk's vector, checked before anything is written: a NaN, zero or huge vector once stored broke its
 * collection's index for good (every later load failed), and scores of another length mean nothing.
 */
function readVector(base64: string, header: ExportHeader, where: string): Float32Array {
	if (header.dims === null || header.model_id === null) {
		throw invalidInput(`${where}: the header names no model and dims, so the export cannot carry vectors`);
	}

	const bytes = Buffer.from(base64, 'base64');
	if (bytes.length !== header.dims * 4) {
		throw invalidInput(`${where}: it holds ${bytes.length} bytes; ${header.dims} float32 values (the header's dims) are ${header.dims * 4}`);
	}

	const vector = decodeVector(bytes);
	const problem = vectorProblem(vector, header.dims);
	if (problem) {
		throw invalidInput(`${where}: ${problem}; ${vectorRule}`);
	}

	return vector;
}
