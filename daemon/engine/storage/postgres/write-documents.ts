import type pg from 'pg';
import {chunkIds} from '../chunk-ids.js';
import {metaPairs, storedMeta} from '../document-filter.js';
import {assertVectorsFit} from '../fingerprint.js';
import type {Collection, DocumentToWrite, Fingerprint} from '../types.js';
import {addTotals, checkFingerprint} from './collections.js';
import {int4Key, lockKeys} from './lock-keys.js';
import {chunkPostings} from './postings.js';
import {vectorText} from './vector-text.js';

export type Totals = {documents: number; chunks: number; vectors: number; tokens: number; keywordTokens: number};

/**
 * Adds or replaces documents with their chunks, vectors and postings, in the caller's transaction. Each
 * document's name is locked first (sorted, so two writers never wait on each other in a circle): two daemons
 * writing one file take turns, and the second replaces the first's copy whole.
 */
export async function writeDocuments(client: pg.ClientBase, collection: Collection, documents: readonly DocumentToWrite[], fingerprint?: Fingerprint): Promise<void> {
	await lockNames(client, collection.id, documents.map(document => document.fileName));
	if (fingerprint && documents.some(document => document.chunks.some(chunk => chunk.vector))) {
		await checkFingerprint(client, collection, fingerprint);
	}

	const totals: Totals = {documents: 0, chunks: 0, vectors: 0, tokens: 0, keywordTokens: 0};
	for (const document of documents) {
		assertVectorsFit(document, fingerprint);
		add(totals, await removeDocument(client, collection.id, document.fileName), -1);
		add(totals, await insertDocument(client, collection, document), 1);
	}

	await addTotals(client, collection.id, totals);
}

/** Deletes a document with its chunks and postings, in the caller's transaction; its chunk count, or undefined. */
export async function deleteDocument(client: pg.ClientBase, collection: Collection, fileName: string): Promise<number | undefined> {
	const removed = await removeDocuments(client, collection, [fileName]);
	return removed.documents === 0 ? undefined : removed.chunks;
}

/**
 * Locks document names for the caller's transaction (sorted, so two writers never wait on each other in a
 * circle): whoever else writes, moves or deletes one of them waits for this transaction to end.
 */
export async function lockNames(client: pg.ClientBase, collectionId: number, fileNames: readonly string[]): Promise<void> {
	for (const key of [...new Set(fileNames.map(fileName => nameKey(collectionId, fileName)))].sort((a, b) => a - b)) {
		await client.query('SELECT pg_advisory_xact_lock($1, $2)', lockKeys.document(key));
	}
}

/** Deletes these documents (names locked first) with their chunks and postings, and updates the totals; answers what went. */
export async function removeDocuments(client: pg.ClientBase, collection: Collection, fileNames: readonly string[]): Promise<Totals> {
	await lockNames(client, collection.id, fileNames);
	const removed: Totals = {documents: 0, chunks: 0, vectors: 0, tokens: 0, keywordTokens: 0};
	for (const fileName of fileNames) {
		add(removed, await removeDocument(client, collection.id, fileName), 1);
	}

	const delta: Totals = {documents: 0, chunks: 0, vectors: 0, tokens: 0, keywordTokens: 0};
	add(delta, removed, -1);
	await addTotals(client, collection.id, delta);
	return removed;
}

/** A 32-bit key for a document's name lock (a collision only makes two names take turns). */
function nameKey(collectionId: number, fileName: string): number {
	return int4Key(`${collectionId}\0${fileName}`);
}

export function add(totals: Totals, delta: Totals, sign: 1 | -1): void {
	for (const key of Object.keys(totals) as Array<keyof Totals>) {
		totals[key] += sign * delta[key];
	}
}

export async function removeDocument(client: pg.ClientBase, collectionId: number, fileName: string): Promise<Totals> {
	const {rows} = await client.query<Totals>(`WITH d AS (DELETE FROM md_vector.documents WHERE collection_id = $1 AND file_name = $2 RETURNING id),
		p AS (DELETE FROM md_vector.postings WHERE collection_id = $1 AND document_id IN (SELECT id FROM d)),
		c AS (DELETE FROM md_vector.chunks WHERE document_id IN (SELECT id FROM d) RETURNING embedding IS NOT NULL AS has_vector, tokens, keyword_length)
		SELECT (SELECT count(*) FROM d) AS documents, count(*) AS chunks, count(*) FILTER (WHERE has_vector) AS vectors,
			coalesce(sum(tokens), 0) AS tokens, coalesce(sum(keyword_length), 0) AS "keywordTokens" FROM c`, [collectionId, fileName]);
	return rows[0]!;
}

async function insertDocument(client: pg.ClientBase, collection: Collection, document: DocumentToWrite): Promise<Totals> {
	const meta = storedMeta(document.meta);
	const {rows: [inserted]} = await client.query<{id: number}>(
		`INSERT INTO md_vector.documents (collection_id, file_name, source_path, title, tags, content_hash, byte_size, chunk_count, source_id, relative_path, mtime_ms, text, meta, meta_pairs)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
		[
			collection.id, document.fileName, document.sourcePath ?? null, document.title, JSON.stringify(document.tags), document.contentHash, document.byteSize,
			document.chunks.length, document.sourceId ?? null, document.relativePath ?? null, document.mtimeMs ?? null, document.text ?? null,
			JSON.stringify(meta), JSON.stringify(metaPairs(meta)),
		],
	);
	const documentId = inserted!.id;
	const postings = document.chunks.map(chunk => chunkPostings(document.title, chunk));
	// The embedded store's formula: a chunk keeps its wire id on either backend and across an export.
	const ids = chunkIds(collection.name, document.fileName, document.chunks.map(chunk => chunk.hash));
	const {chunks} = document;
	const {rows} = await client.query<{id: number; ordinal: number}>(`INSERT INTO md_vector.chunks (document_id, collection_id, chunk_id, ordinal, section_title, heading_level, heading_path,
			content, start_line, end_line, text_hash, tokens, keyword_length, embedding)
		SELECT $1, $2, chunk_id, ordinal, section_title, heading_level, heading_path::jsonb, content, start_line, end_line, text_hash, tokens, keyword_length, embedding::vector
		FROM unnest($3::text[], $4::int[], $5::text[], $6::int[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[], $12::int[], $13::int[], $14::text[])
			AS t (chunk_id, ordinal, section_title, heading_level, heading_path, content, start_line, end_line, text_hash, tokens, keyword_length, embedding)
		RETURNING id, ordinal`, [
		documentId, collection.id, ids, chunks.map(chunk => chunk.ordinal), chunks.map(chunk => chunk.sectionTitle), chunks.map(chunk => chunk.headingLevel),
		chunks.map(chunk => JSON.stringify(chunk.headingPath)), chunks.map(chunk => chunk.content), chunks.map(chunk => chunk.startLine), chunks.map(chunk => chunk.endLine),
		chunks.map(chunk => chunk.hash), chunks.map(chunk => chunk.tokens), postings.map(posting => posting.length), chunks.map(chunk => chunk.vector ? vectorText(chunk.vector) : null),
	]);
	const rowidOf = new Map(rows.map(row => [row.ordinal, row.id]));
	const flat = chunks.flatMap((chunk, index) => postings[index]!.terms.map(({term, counts}) => ({term, chunk: rowidOf.get(chunk.ordinal)!, counts, length: postings[index]!.length})));
	if (flat.length > 0) {
		await client.query(`INSERT INTO md_vector.postings (collection_id, document_id, term, chunk_id, title_count, headings_count, body_count, chunk_length)
			SELECT $1, $2, * FROM unnest($3::text[], $4::bigint[], $5::int[], $6::int[], $7::int[], $8::int[])`, [
			collection.id, documentId, flat.map(entry => entry.term), flat.map(entry => entry.chunk), flat.map(entry => entry.counts[0]),
			flat.map(entry => entry.counts[1]), flat.map(entry => entry.counts[2]), flat.map(entry => entry.length),
		]);
	}

	return {
		documents: 1, chunks: chunks.length, vectors: chunks.filter(chunk => chunk.vector).length,
		tokens: chunks.reduce((sum, chunk) => sum + chunk.tokens, 0), keywordTokens: postings.reduce((sum, posting) => sum + posting.length, 0),
	};
}
