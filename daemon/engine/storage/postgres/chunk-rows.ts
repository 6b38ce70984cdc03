import type pg from 'pg';
import type {ChunkToWrite, Collection} from '../types.js';
import type {ChunkDerivation} from './chunk-derivations.js';
import {vectorArrayParameter} from './vector-binary.js';
import {arrayLiteral} from './array-literals.js';

/** A chunk to insert: its document's id, its wire id, and what its text gives (postings, words, boilerplate). */
export type NewChunkRow = {readonly documentId: number; readonly chunkId: string; readonly chunk: ChunkToWrite} & ChunkDerivation;

/** A kept chunk row, with what the new chunk of the same text says of it now. */
export type KeptChunkRow = {readonly id: number; readonly chunkId: string; readonly chunk: ChunkToWrite};

/**
 * Inserts chunks and their postings, in the caller's transaction: two statements whatever their number (rows
 * as arrays), postings in the primary key's order (each index page is visited once for the rows that go there).
 */
export async function insertChunkRows(client: pg.ClientBase, collection: Collection, rows: readonly NewChunkRow[], vectorType: number): Promise<void> {
	if (rows.length === 0) {
		return;
	}

	// The arrays' text made a slice at a time (array-literals.ts): a search's turn comes between slices.
	const column = async <T extends string | number | boolean | null | undefined>(value: (row: NewChunkRow) => T) => arrayLiteral(rows, value);
	const {rows: inserted} = await client.query<{id: number; documentId: number; ordinal: number}>(`INSERT INTO md_vector.chunks (document_id, collection_id, chunk_id, ordinal,
			section_title, heading_level, heading_path, content, start_line, end_line, text_hash, tokens, keyword_length, embedding, words, boilerplate)
		SELECT document_id, $1, chunk_id, ordinal, section_title, heading_level, heading_path::jsonb, content, start_line, end_line, text_hash, tokens, keyword_length, embedding, words, boilerplate
		FROM unnest($2::bigint[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[], $12::int[], $13::int[], $14::vector[], $15::tsvector[], $16::boolean[])
			AS t (document_id, chunk_id, ordinal, section_title, heading_level, heading_path, content, start_line, end_line, text_hash, tokens, keyword_length, embedding, words, boilerplate)
		RETURNING id, document_id AS "documentId", ordinal`, [
		collection.id, await column(row => row.documentId), await column(row => row.chunkId), await column(row => row.chunk.ordinal), await column(row => row.chunk.sectionTitle),
		await column(row => row.chunk.headingLevel), await column(row => JSON.stringify(row.chunk.headingPath)), await column(row => row.chunk.content),
		await column(row => row.chunk.startLine), await column(row => row.chunk.endLine), await column(row => row.chunk.hash), await column(row => row.chunk.tokens),
		await column(row => row.postings.length), vectorArrayParameter(rows.map(row => row.chunk.vector ?? undefined), vectorType),
		await column(row => row.words), await column(row => row.boilerplate),
	]);
	const rowidOf = new Map(inserted.map(row => [`${row.documentId}:${row.ordinal}`, row.id]));
	const flat = rows.flatMap(({chunk, documentId, postings}) => {
		const rowid = rowidOf.get(`${documentId}:${chunk.ordinal}`)!; // once per chunk, not per posting
		return postings.terms.map(({term, counts}) => ({term, documentId, chunk: rowid, counts, length: postings.length}));
	});
	if (flat.length > 0) {
		const posting = async <T extends string | number>(value: (entry: typeof flat[number]) => T) => arrayLiteral(flat, value);
		// Sorted by the server, in the key's own collation.
		await client.query(`INSERT INTO md_vector.postings (collection_id, document_id, term, chunk_id, title_count, headings_count, body_count, chunk_length)
			SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::int[], $8::int[])
				AS t (document_id, term, chunk_id, title_count, headings_count, body_count, chunk_length) ORDER BY term, chunk_id`, [
			collection.id, await posting(entry => entry.documentId), await posting(entry => entry.term), await posting(entry => entry.chunk), await posting(entry => entry.counts[0]),
			await posting(entry => entry.counts[1]), await posting(entry => entry.counts[2]), await posting(entry => entry.length),
		]);
	}
}

/**
 * Brings kept chunk rows up to date (position, lines, section, tokens, wire id, vector), one statement. A row
 * with nothing changed is not written at all: no new row version, no index entry (an HNSW insertion is the
 * dearest of them), no postings touched.
 */
export async function updateKeptChunkRows(client: pg.ClientBase, collectionId: number, rows: readonly KeptChunkRow[], vectorType: number): Promise<void> {
	if (rows.length === 0) {
		return;
	}

	await client.query(`UPDATE md_vector.chunks c SET ordinal = v.ordinal, chunk_id = v.chunk_id, section_title = v.section_title, heading_level = v.heading_level,
			start_line = v.start_line, end_line = v.end_line, tokens = v.tokens, embedding = v.embedding
		FROM unnest($2::bigint[], $3::int[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::vector[])
			AS v (id, ordinal, chunk_id, section_title, heading_level, start_line, end_line, tokens, embedding)
		WHERE c.id = v.id AND c.collection_id = $1
			AND (c.ordinal, c.chunk_id, c.section_title, c.heading_level, c.start_line, c.end_line, c.tokens, c.embedding)
				IS DISTINCT FROM (v.ordinal, v.chunk_id, v.section_title, v.heading_level, v.start_line, v.end_line, v.tokens, v.embedding)`, [
		collectionId, rows.map(row => row.id), rows.map(row => row.chunk.ordinal), rows.map(row => row.chunkId), rows.map(row => row.chunk.sectionTitle),
		rows.map(row => row.chunk.headingLevel), rows.map(row => row.chunk.startLine), rows.map(row => row.chunk.endLine), rows.map(row => row.chunk.tokens),
		vectorArrayParameter(rows.map(row => row.chunk.vector ?? undefined), vectorType),
	]);
}

/** Deletes chunk rows with their postings (found by their documents' index), one statement. */
export async function deleteChunkRows(client: pg.ClientBase, collectionId: number, rows: ReadonlyArray<{id: number; documentId: number}>): Promise<void> {
	if (rows.length === 0) {
		return;
	}

	await client.query(`WITH p AS (DELETE FROM md_vector.postings WHERE collection_id = $1 AND document_id = ANY($2::bigint[]) AND chunk_id = ANY($3::bigint[]))
		DELETE FROM md_vector.chunks WHERE document_id = ANY($2::bigint[]) AND id = ANY($3::bigint[])`, [collectionId, [...new Set(rows.map(row => row.documentId))], rows.map(row => row.id)]);
}
