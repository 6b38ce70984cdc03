import type {Store} from '../store/store.js';
import type {CollectionRow} from '../store/types.js';
import {encodeVector} from '../store/vector-codec.js';
import type {ExportedDocument, ExportFormat, ExportHeader} from './export-format.js';

/** The collection as export lines: json and jsonl carry everything needed to restore it without re-embedding. */
export function * exportCollection(store: Store, collection: CollectionRow, format: ExportFormat): Generator<string> {
	const header: ExportHeader = {
		format: 'md-vector-export', version: 1, collection: collection.name, model_id: collection.modelId,
		dims: collection.dims, chunker_version: collection.chunkerVersion, exported_at: new Date().toISOString(),
	};
	const documents = exportedDocuments(store, collection);
	switch (format) {
		case 'jsonl': {
			yield `${JSON.stringify(header)}\n`;
			for (const document of documents) {
				yield `${JSON.stringify(document)}\n`;
			}

			break;
		}

		case 'json': {
			yield `${JSON.stringify(header).slice(0, -1)},"documents":[`;
			let first = true;
			for (const document of documents) {
				yield `${first ? '' : ','}\n${JSON.stringify(document)}`;
				first = false;
			}

			yield '\n]}\n';

			break;
		}

		case 'csv': {
			yield 'id,source_file,section_title,heading_level,heading_path,start_line,end_line,content\n';
			for (const document of documents) {
				for (const chunk of document.chunks) {
					yield `${[chunk.id, document.file_name, chunk.section_title, chunk.heading_level, chunk.heading_path.join(' > '), chunk.start_line, chunk.end_line, chunk.content].map(csvField).join(',')}\n`;
				}
			}

			break;
		}

		case 'md': {
			yield `# Collection ${collection.name}\n`;
			for (const document of documents) {
				yield `\n## ${document.file_name}\n`;
				for (const chunk of document.chunks) {
					yield `\n### ${chunk.heading_path.join(' > ')} (lines ${chunk.start_line}-${chunk.end_line})\n\n${chunk.content}\n`;
				}
			}
		}
	}
}

function * exportedDocuments(store: Store, collection: CollectionRow): Generator<ExportedDocument> {
	const meta = new Map(store.documentsMeta(collection.id).map(row => [row.fileName, row]));
	let current: ExportedDocument | undefined;
	for (const chunk of store.chunksOfCollection(collection.id)) {
		if (current?.file_name !== chunk.fileName) {
			if (current) {
				yield current;
			}

			const document = meta.get(chunk.fileName)!;
			current = {file_name: chunk.fileName, title: document.title, tags: document.tags, content_hash: document.contentHash, byte_size: document.byteSize, chunks: []};
		}

		current.chunks.push({
			id: chunk.id, ordinal: chunk.ordinal, section_title: chunk.sectionTitle, heading_level: chunk.headingLevel,
			heading_path: [...chunk.headingPath], content: chunk.content, start_line: chunk.startLine, end_line: chunk.endLine,
			tokens: chunk.tokens, text_hash: chunk.hash, vector: chunk.vector ? encodeVector(chunk.vector).toString('base64') : undefined,
		});
	}

	if (current) {
		yield current;
	}
}

function csvField(value: string | number): string {
	const text = String(value);
	return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
