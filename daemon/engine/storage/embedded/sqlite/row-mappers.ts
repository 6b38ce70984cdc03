import type {DocumentInfo, StoredChunk} from '../../types.js';

// Rows of the SQLite store as the storage interface's domain types.

export type DocumentRow = Omit<DocumentInfo, 'meta'> & {readonly id: number; readonly meta: string};

export function toDocumentInfo(row: DocumentRow | undefined): DocumentInfo | undefined {
	if (!row) {
		return undefined;
	}

	const {id, meta, ...document} = row;
	return {...document, meta: JSON.parse(meta) as Record<string, unknown>};
}

export type ChunkRow = {
	id: number;
	chunk_id: string;
	file_name: string;
	source_path: string | null;
	ordinal: number;
	section_title: string;
	heading_level: number;
	heading_path: string;
	content: string;
	start_line: number;
	end_line: number;
};

export function toStoredChunk(row: ChunkRow): StoredChunk {
	return {
		rowid: row.id,
		id: row.chunk_id,
		fileName: row.file_name,
		sourcePath: row.source_path,
		ordinal: row.ordinal,
		sectionTitle: row.section_title,
		headingLevel: row.heading_level,
		headingPath: JSON.parse(row.heading_path) as string[],
		content: row.content,
		startLine: row.start_line,
		endLine: row.end_line,
	};
}
