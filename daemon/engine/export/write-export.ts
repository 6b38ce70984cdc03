import type {ExportReader, SourceCatalog} from '../storage/storage.js';
import type {Collection, Source} from '../storage/types.js';
import {encodeVector} from '../storage/vector-codec.js';
import {exportVersion, type ExportedDocument, type ExportFormat, type ExportHeader} from './export-format.js';

/**
 * Documents per page read from the storage: a page of the bench's 10-chunk documents holds ~1,000 vectors
 * (1.5 MB); memory stays near one page whatever the collection's size.
 */
export const exportPageDocuments = 100;

/**
 * The collection as export parts, read from the storage a page at a time (each page one consistent read; a
 * document written during a long export is in it or not, whole): json and jsonl carry everything needed to
 * restore it without re-embedding, and to follow its folders again: its sources, each document's place in one
 * (source label, relative path, file, modification time) and its text.
 */
export async function * exportCollection(storage: ExportReader & Pick<SourceCatalog, 'sources'>, collection: Collection, format: ExportFormat, pageDocuments = exportPageDocuments): AsyncGenerator<string> {
	const sources = await storage.sources(collection);
	const header: ExportHeader = {
		format: 'md-vector-export', version: exportVersion, collection: collection.name, model_id: collection.modelId,
		dims: collection.dims, chunker_version: collection.chunkerVersion, exported_at: new Date().toISOString(),
		sources: sources.map(source => ({
			path: source.path, label: source.label, include: [...source.include], exclude: [...source.exclude],
			ignore_files: source.ignoreFiles, hidden: source.hidden, watch: source.watch,
		})),
	};
	const documents = exportedDocuments(storage, collection, new Map(sources.map(source => [source.id, source])), pageDocuments);
	switch (format) {
		case 'jsonl': {
			yield `${JSON.stringify(header)}\n`;
			for await (const document of documents) {
				yield `${JSON.stringify(document)}\n`;
			}

			break;
		}

		case 'json': {
			yield `${JSON.stringify(header).slice(0, -1)},"documents":[`;
			let first = true;
			for await (const document of documents) {
				yield `${first ? '' : ','}\n${JSON.stringify(document)}`;
				first = false;
			}

			yield '\n]}\n';

			break;
		}

		case 'csv': {
			yield 'id,source_file,section_title,heading_level,heading_path,start_line,end_line,content\n';
			for await (const document of documents) {
				for (const chunk of document.chunks) {
					yield `${[chunk.id, document.file_name, chunk.section_title, chunk.heading_level, chunk.heading_path.join(' > '), chunk.start_line, chunk.end_line, chunk.content].map(csvField).join(',')}\n`;
				}
			}

			break;
		}

		case 'md': {
			yield `# Collection ${collection.name}\n`;
			for await (const document of documents) {
				yield `\n## ${document.file_name}\n`;
				for (const chunk of document.chunks) {
					yield `\n### ${chunk.heading_path.join(' > ')} (lines ${chunk.start_line}-${chunk.end_line})\n\n${chunk.content}\n`;
				}
			}
		}
	}
}

async function * exportedDocuments(storage: ExportReader, collection: Collection, sources: ReadonlyMap<number, Source>, pageDocuments: number): AsyncGenerator<ExportedDocument> {
	let after: string | undefined;
	for (;;) {
		// One page after another: memory stays flat.
		const page = await storage.exportPage(collection, after, pageDocuments);
		if (page.length === 0) {
			return;
		}

		for (const document of page) {
			if (document.chunks.length === 0) {
				continue; // as exports always were: a document is exported through its chunks
			}

			// A source removed while the export ran leaves its documents loose in it (they went with the source).
			const source = document.sourceId === null ? undefined : sources.get(document.sourceId);
			yield {
				file_name: document.fileName, title: document.title, tags: [...document.tags], content_hash: document.contentHash, byte_size: document.byteSize,
				source: source?.label ?? null, relative_path: source ? document.relativePath : null, source_path: document.sourcePath,
				mtime_ms: source ? document.mtimeMs : null, text: document.text,
				chunks: document.chunks.map(chunk => ({
					id: chunk.id, ordinal: chunk.ordinal, section_title: chunk.sectionTitle, heading_level: chunk.headingLevel,
					heading_path: [...chunk.headingPath], content: chunk.content, start_line: chunk.startLine, end_line: chunk.endLine,
					tokens: chunk.tokens, text_hash: chunk.hash, vector: chunk.vector ? encodeVector(chunk.vector).toString('base64') : undefined,
				})),
			};
		}

		after = page.at(-1)!.fileName;
	}
}

/**
 * A CSV cell. One a spreadsheet would read as a formula (text starting with =, +, -, @, a tab or a carriage
 * return: `=HYPERLINK(...)` in a heading, `@SUM(...)` in a chunk) gets a leading ' and quotes, as OWASP's CSV
 * injection advice has it, so it opens as the text it is; quotes inside are doubled.
 */
export function csvField(value: string | number): string {
	const formula = typeof value === 'string' && /^[=+\-@\t\r]/.test(value);
	const text = formula ? `'${value}` : String(value);
	return formula || /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
