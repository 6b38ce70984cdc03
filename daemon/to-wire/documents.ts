import type {DeleteResult, DocumentEntry, DocumentSection, DocumentText, ImportResult, IngestResult, ManyDocuments} from '../../common/wire/documents.js';
import type {ManyAnswer} from '../use-cases/get-documents.js';
import type * as Domain from '../engine/engine-answers.js';
import type {DocumentSection as Section} from '../engine/search/document-section.js';
import type {DocumentLines} from '../engine/documents/get-document.js';

export function toIngestResult(result: Domain.IngestResult): IngestResult {
	return {status: 'ok', chunks: result.chunks, file: result.file, collection: result.collection, outcome: result.outcome};
}

export function toDeleteResult(result: Domain.DeleteResult): DeleteResult {
	return {status: 'ok', file: result.file, collection: result.collection, deleted_chunks: result.deletedChunks, collection_removed: result.collectionRemoved, source: result.source};
}

export function toDocumentEntry(document: Domain.DocumentSummary): DocumentEntry {
	return {file: document.file, chunks: document.chunks, content_hash: document.contentHash};
}

export function toImportResult(result: Domain.ImportResult): ImportResult {
	return {
		status: 'ok', collection: result.collection, documents: result.documents, chunks: result.chunks,
		sources: result.sources.map(source => ({path: source.path, label: source.label, added: source.added, missing: source.missing})), renamed: result.renamed,
	};
}

export function toDocumentSection(section: Section & {file: string; collection: string}): DocumentSection {
	return {
		file: section.file, collection: section.collection, heading_path: section.headingPath, heading_level: section.headingLevel,
		start_line: section.startLine, end_line: section.endLine, content: section.content,
	};
}

export function toDocumentText(document: DocumentLines & {file: string; collection: string}): DocumentText {
	return {
		file: document.file, collection: document.collection, source_path: document.sourcePath, start_line: document.startLine, end_line: document.endLine,
		total_lines: document.totalLines, ...(document.headingPath ? {heading_path: document.headingPath} : {}), content: document.content,
		changed_on_disk: document.changedOnDisk, meta: document.meta,
	};
}

export function toManyDocuments(answer: ManyAnswer): ManyDocuments {
	return {
		collection: answer.collection,
		documents: answer.documents.map(document => ({
			file: document.file, collection: document.collection, source_path: document.sourcePath, total_lines: document.totalLines, byte_size: document.byteSize,
			content: document.content, changed_on_disk: document.changedOnDisk, meta: document.meta,
		})),
		skipped: answer.skipped.map(entry => ({file: entry.file, byte_size: entry.byteSize, reason: entry.reason})),
		unmatched: answer.unmatched,
	};
}
