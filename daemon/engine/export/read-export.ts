import {invalidInput} from '../errors.js';
import type {DocumentToWrite} from '../storage/types.js';
import {decodeVector} from '../storage/embedded/sqlite/vector-codec.js';
import {vectorProblem, vectorRule} from '../storage/embedded/vector-index/vector-rules.js';
import {exportedDocument, exportFile, exportHeader, type ExportHeader} from './export-format.js';

export type ParsedExport = {
	readonly header: ExportHeader;
	readonly documents: DocumentToWrite[];
};

/**
 * Reads a json or jsonl export line by line; every problem names the line or field that is wrong. A jsonl export
 * is never held whole (each line becomes its document, vectors decoded, as it arrives), which keeps a large
 * import's memory near the size of what it stores; a json export (one document) is put together and read whole.
 */
export async function parseExport(lines: AsyncIterable<string> | Iterable<string>): Promise<ParsedExport> {
	let header: ExportHeader | undefined;
	let json: string[] | undefined;
	const documents: DocumentToWrite[] = [];
	let number = 0;
	for await (const line of lines) {
		number++;
		if (json) {
			json.push(line);
		} else if (line.trim() === '') {
			continue;
		} else if (header) {
			documents.push(toDocument(check(exportedDocument, parseLine(line, number), `line ${number}`), header, `line ${number}`));
		} else if (isJsonlHeader(line)) {
			header = check(exportHeader, JSON.parse(line), `line ${number}`);
		} else {
			json = [line];
		}
	}

	if (json) {
		const whole = check(exportFile, parseLine(json.join('\n'), 1), 'file');
		return {header: whole, documents: whole.documents.map((document, index) => toDocument(document, whole, `document ${index + 1}`))};
	}

	if (!header) {
		throw invalidInput('import: the file is empty');
	}

	return {header, documents};
}

function isJsonlHeader(line: string): boolean {
	try {
		const first = JSON.parse(line) as Record<string, unknown>;
		return first.format === 'md-vector-export' && !('documents' in first);
	} catch {
		return false;
	}
}

function parseLine(text: string, line: number): unknown {
	try {
		return JSON.parse(text);
	} catch (error) {
		throw invalidInput(`import: line ${line} is not valid JSON (${(error as Error).message})`);
	}
}

function check<T>(schema: {safeParse(value: unknown): {success: true; data: T} | {success: false; error: {issues: Array<{path: PropertyKey[]; message: string}>}}}, value: unknown, where: string): T {
	const result = schema.safeParse(value);
	if (!result.success) {
		const issue = result.error.issues[0]!;
		throw invalidInput(`import: ${where}: ${issue.path.map(String).join('.') || 'value'}: ${issue.message}`);
	}

	return result.data;
}

function toDocument(document: ReturnType<typeof exportedDocument.parse>, header: ExportHeader, where: string): DocumentToWrite {
	return {
		fileName: document.file_name,
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
