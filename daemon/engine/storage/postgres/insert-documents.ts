import type pg from 'pg';
import {chunkIds} from '../chunk-ids.js';
import type {Collection, DocumentToWrite} from '../types.js';
import {chunkPostings} from './postings.js';
import {vectorArrayParameter} from './vector-binary.js';
import type {Totals} from './write-documents.js';

/**
 * Inserts documents (their names free: the caller removed the old copies) with their chunks, vectors and
 * postings, in the caller's transaction: three statements whatever the number of documents (one per table,
 * rows as arrays), not three per document: a group of 256 chunks was some hundred round trips. Answers what
 * was added.
 */
export async function insertDocuments(client: pg.ClientBase, collection: Collection, documents: readonly DocumentToWrite[], vectorType: number): Promise<Totals> {
	const totals: Totals = {documents: documents.length, chunks: 0, vectors: 0, tokens: 0, keywordTokens: 0};
	if (documents.length === 0) {
		return totals;
	}

	const {rows: inserted} = await client.query<{id: number; fileName: string}>(`INSERT INTO md_vector.documents (collection_id, file_name, source_path, title, tags, content_hash, byte_size,
			chunk_count, source_id, relative_path, mtime_ms, text)
		SELECT $1, file_name, source_path, title, tags::jsonb, content_hash, byte_size, chunk_count, source_id, relative_path, mtime_ms, text
		FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::int[], $9::bigint[], $10::text[], $11::float8[], $12::text[])
			AS t (file_name, source_path, title, tags, content_hash, byte_size, chunk_count, source_id, relative_path, mtime_ms, text)
		RETURNING id, file_name AS "fileName"`, [
		collection.id, documents.map(document => document.fileName), documents.map(document => document.sourcePath ?? null), documents.map(document => document.title),
		documents.map(document => JSON.stringify(document.tags)), documents.map(document => document.contentHash), documents.map(document => document.byteSize),
		documents.map(document => document.chunks.length), documents.map(document => document.sourceId ?? null), documents.map(document => document.relativePath ?? null),
		documents.map(document => document.mtimeMs ?? null), documents.map(document => document.text ?? null),
	]);
	const idOf = new Map(inserted.map(row => [row.fileName, row.id]));
	const chunks = documents.flatMap(document => {
		// The embedded store's formula: a chunk keeps its wire id on either backend and across an export.
		const ids = chunkIds(collection.name, document.fileName, document.chunks.map(chunk => chunk.hash));
		return document.chunks.map((chunk, index) => ({chunk, documentId: idOf.get(document.fileName)!, id: ids[index]!, postings: chunkPostings(document.title, chunk)}));
	});
	if (chunks.length === 0) {
		return totals;
	}

	const {rows} = await client.query<{id: number; documentId: number; ordinal: number}>(`INSERT INTO md_vector.chunks (document_id, collection_id, chunk_id, ordinal, section_title, heading_level, heading_path,
			content, start_line, end_line, text_hash, tokens, keyword_length, embedding)
		SELECT document_id, $1, chunk_id, ordinal, section_title, heading_level, heading_path::jsonb, content, start_line, end_line, text_hash, tokens, keyword_length, embedding
		FROM unnest($2::bigint[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[], $12::int[], $13::int[], $14::vector[])
			AS t (document_id, chunk_id, ordinal, section_title, heading_level, heading_path, content, start_line, end_line, text_hash, tokens, keyword_length, embedding)
		RETURNING id, document_id AS "documentId", ordinal`, [
		collection.id, chunks.map(entry => entry.documentId), chunks.map(entry => entry.id), chunks.map(entry => entry.chunk.ordinal), chunks.map(entry => entry.chunk.sectionTitle),
		chunks.map(entry => entry.chunk.headingLevel), chunks.map(entry => JSON.stringify(entry.chunk.headingPath)), chunks.map(entry => entry.chunk.content),
		chunks.map(entry => entry.chunk.startLine), chunks.map(entry => entry.chunk.endLine), chunks.map(entry => entry.chunk.hash), chunks.map(entry => entry.chunk.tokens),
		chunks.map(entry => entry.postings.length), vectorArrayParameter(chunks.map(entry => entry.chunk.vector ?? undefined), vectorType),
	]);
	const rowidOf = new Map(rows.map(row => [`${row.documentId}:${row.ordinal}`, row.id]));
	// In the primary key's order: each index page is visited once for the rows that go there.
	const flat = chunks.flatMap(({chunk, documentId, postings}) => postings.terms.map(({term, counts}) =>
		({term, documentId, chunk: rowidOf.get(`${documentId}:${chunk.ordinal}`)!, counts, length: postings.length})))
		.sort((a, b) => (a.term < b.term ? -1 : (a.term > b.term ? 1 : a.chunk - b.chunk)));
	if (flat.length > 0) {
		await client.query(`INSERT INTO md_vector.postings (collection_id, document_id, term, chunk_id, title_count, headings_count, body_count, chunk_length)
			SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::int[], $8::int[])`, [
			collection.id, flat.map(entry => entry.documentId), flat.map(entry => entry.term), flat.map(entry => entry.chunk), flat.map(entry => entry.counts[0]),
			flat.map(entry => entry.counts[1]), flat.map(entry => entry.counts[2]), flat.map(entry => entry.length),
		]);
	}

	for (const {chunk, postings} of chunks) {
		totals.chunks++;
		totals.vectors += chunk.vector ? 1 : 0;
		totals.tokens += chunk.tokens;
		totals.keywordTokens += postings.length;
	}

	return totals;
}
