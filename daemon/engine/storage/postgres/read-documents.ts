import type pg from 'pg';
import type {DocumentInfo, ExportedDocument, StoredChunk} from '../types.js';
import {parseVectorBinary} from './vector-binary.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

const documentColumns = `file_name AS "fileName", content_hash AS "contentHash", chunk_count AS "chunkCount", source_path AS "sourcePath",
	byte_size AS "byteSize", source_id AS "sourceId", relative_path AS "relativePath", file_size AS "fileSize", mtime_ms AS "mtimeMs", ctime_ms AS "ctimeMs", meta`;
/** A StoredChunk's columns but its rowid, from chunks `c` joined with documents `d`. */
export const chunkFields = `c.chunk_id AS id, d.file_name AS "fileName", d.source_path AS "sourcePath", c.ordinal, c.section_title AS "sectionTitle",
	c.heading_level AS "headingLevel", c.heading_path AS "headingPath", c.content, c.start_line AS "startLine", c.end_line AS "endLine"`;
const chunkColumns = `c.id AS rowid, ${chunkFields}`;

export async function documentByName(db: Queryable, collectionId: number, fileName: string): Promise<DocumentInfo | undefined> {
	const {rows} = await db.query<DocumentInfo>(`SELECT ${documentColumns} FROM md_vector.documents WHERE collection_id = $1 AND file_name = $2`, [collectionId, fileName]);
	return rows[0];
}

/** The stored documents of these names, one statement. */
export async function documentsByName(db: Queryable, collectionId: number, fileNames: readonly string[]): Promise<DocumentInfo[]> {
	if (fileNames.length === 0) {
		return [];
	}

	const {rows} = await db.query<DocumentInfo>(`SELECT ${documentColumns} FROM md_vector.documents WHERE collection_id = $1 AND file_name = ANY($2::text[])`, [collectionId, fileNames]);
	return rows;
}

export async function documentsOf(db: Queryable, collectionId: number): Promise<DocumentInfo[]> {
	const {rows} = await db.query<DocumentInfo>(`SELECT ${documentColumns} FROM md_vector.documents WHERE collection_id = $1 ORDER BY file_name`, [collectionId]);
	return rows;
}

/** The text a document was indexed from, when one was kept. */
export async function documentText(db: Queryable, collectionId: number, fileName: string): Promise<string | undefined> {
	const {rows} = await db.query<{text: string | null}>('SELECT text FROM md_vector.documents WHERE collection_id = $1 AND file_name = $2', [collectionId, fileName]);
	return rows[0]?.text ?? undefined;
}

export async function chunksOfDocument(db: Queryable, collectionId: number, fileName: string): Promise<StoredChunk[]> {
	const {rows} = await db.query<StoredChunk>(`SELECT ${chunkColumns} FROM md_vector.documents d JOIN md_vector.chunks c ON c.document_id = d.id
		WHERE d.collection_id = $1 AND d.file_name = $2 ORDER BY c.ordinal`, [collectionId, fileName]);
	return rows;
}

export async function chunksByRowid(db: Queryable, collectionId: number, rowids: readonly number[]): Promise<Map<number, StoredChunk>> {
	const {rows} = await db.query<StoredChunk>(`SELECT ${chunkColumns} FROM md_vector.chunks c JOIN md_vector.documents d ON d.id = c.document_id
		WHERE c.id = ANY($2::bigint[]) AND c.collection_id = $1`, [collectionId, rowids]);
	return new Map(rows.map(row => [row.rowid, row]));
}

/** Up to `limit` whole documents after a file name, by file name, in one statement (one snapshot); a text comes once, on its document's first row. */
export async function exportPage(db: Queryable, collectionId: number, after: string | undefined, limit: number): Promise<ExportedDocument[]> {
	type Row = StoredChunk & Omit<ExportedDocument, 'fileName' | 'sourcePath' | 'chunks'> & {documentId: number; tokens: number; hash: string; vector: Buffer | null; chunkCount: number};
	const {rows} = await db.query<Row>(
		`WITH page AS (
			SELECT id, file_name, title, tags, content_hash, byte_size, chunk_count, source_path, source_id, relative_path, mtime_ms, text FROM md_vector.documents
			WHERE collection_id = $1 AND ($2::text IS NULL OR file_name > $2) ORDER BY file_name LIMIT $3
		) SELECT d.id AS "documentId", d.title, d.tags, d.content_hash AS "contentHash", d.byte_size AS "byteSize", d.chunk_count AS "chunkCount",
			d.source_id AS "sourceId", d.relative_path AS "relativePath", d.mtime_ms AS "mtimeMs",
			CASE WHEN row_number() OVER (PARTITION BY d.id ORDER BY c.ordinal) = 1 THEN d.text END AS text,
			c.tokens, c.text_hash AS hash, vector_send(c.embedding) AS vector, ${chunkColumns}
		FROM page d LEFT JOIN md_vector.chunks c ON c.document_id = d.id ORDER BY d.file_name, c.ordinal`,
		[collectionId, after ?? null, limit],
	);
	const documents = new Map<number, ExportedDocument & {chunks: Array<ExportedDocument['chunks'][number]>}>();
	for (const {documentId, title, tags, contentHash, byteSize, chunkCount, sourceId, relativePath, mtimeMs, text, tokens, hash, vector, ...chunk} of rows) {
		let document = documents.get(documentId);
		if (!document) {
			document = {fileName: chunk.fileName, title, tags, contentHash, byteSize, sourcePath: chunk.sourcePath, sourceId, relativePath, mtimeMs, text, chunks: []};
			documents.set(documentId, document);
		}

		if (chunkCount > 0 && chunk.rowid !== null) {
			document.chunks.push({...chunk, tokens, hash, ...(vector === null ? {} : {vector: parseVectorBinary(vector)})});
		}
	}

	return [...documents.values()];
}
