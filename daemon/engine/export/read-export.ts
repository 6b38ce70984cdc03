import {invalidInput} from '../errors.js';
import type {DocumentToWrite} from '../store/types.js';
import {decodeVector} from '../store/vector-codec.js';
import {exportedDocument, exportFile, exportHeader, type ExportHeader} from './export-format.js';

export type ParsedExport = {
	readonly header: ExportHeader;
	readonly documents: DocumentToWrite[];
};

/** Reads a json or jsonl export; every problem names the line or field that is wrong. */
export function parseExport(text: string): ParsedExport {
	const trimmed = text.trimStart();
	if (!trimmed) {
		throw invalidInput('import: the file is empty');
	}

	const firstLine = trimmed.slice(0, trimmed.indexOf('\n') === -1 ? undefined : trimmed.indexOf('\n'));
	let isJsonl = false;
	try {
		const first = JSON.parse(firstLine) as Record<string, unknown>;
		isJsonl = first.format === 'md-vector-export' && !('documents' in first);
	} catch {}

	if (isJsonl) {
		const lines = trimmed.split('\n').filter(line => line.trim() !== '');
		const header = check(exportHeader, JSON.parse(lines[0]!), 'line 1');
		const documents = lines.slice(1).map((line, index) => toDocument(check(exportedDocument, parseLine(line, index + 2), `line ${index + 2}`)));
		return {header, documents};
	}

	const whole = check(exportFile, parseLine(trimmed, 1), 'file');
	return {header: whole, documents: whole.documents.map(document => toDocument(document))};
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

function toDocument(document: ReturnType<typeof exportedDocument.parse>): DocumentToWrite {
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
			vector: chunk.vector ? decodeVector(Buffer.from(chunk.vector, 'base64')) : undefined,
		})),
	};
}
