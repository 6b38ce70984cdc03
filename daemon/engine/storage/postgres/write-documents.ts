import type pg from 'pg';
import {chunkIds} from '../chunk-ids.js';
import {assertVectorsFit} from '../fingerprint.js';
import type {ChunkToWrite, Collection, DocumentToWrite, Fingerprint} from '../types.js';
import {addTotals, checkFingerprint} from './collections.js';
import {deleteChunkRows, insertChunkRows, updateKeptChunkRows} from './chunk-rows.js';
import {planReuse, type StoredChunkRow, type StoredDocumentRow} from './chunk-reuse.js';
import {upsertDocumentRows} from './document-rows.js';
import {deriveChunk, type Derivations} from './chunk-derivations.js';
import {int4Key, lockKeys} from './lock-keys.js';

export type Totals = {documents: number; chunks: number; vectors: number; tokens: number; keywordTokens: number};

/**
 * Adds or replaces documents with their chunks, vectors and postings, in the caller's transaction. Each
 * document's name is locked first (sorted, so two writers never wait on each other in a circle): two daemons
 * writing one file take turns, and the second replaces the first's copy whole. A name given twice keeps its
 * last document, as writing them one after the other would. A stored chunk whose text, headings and title
 * come back unchanged keeps its row and postings (chunk-reuse.ts): what is written is what changed. A
 * handful of statements for the whole group, whatever the number of documents. What the chunks' texts give
 * (postings, words) is taken from `derived` when worked out ahead (chunk-derivations.ts).
 */
export async function writeDocuments(client: pg.ClientBase, collection: Collection, documents: readonly DocumentToWrite[], vectorType: number, fingerprint?: Fingerprint, derived?: Derivations): Promise<void> {
	const last = [...new Map(documents.map(document => [document.fileName, document])).values()];
	await lockNames(client, collection.id, last.map(document => document.fileName));
	if (fingerprint && last.some(document => document.chunks.some(chunk => chunk.vector))) {
		await checkFingerprint(client, collection, fingerprint);
	}

	for (const document of documents) {
		assertVectorsFit(document, fingerprint);
	}

	const stored = await storedRows(client, collection.id, last.map(document => document.fileName));
	const plan = planReuse(last, stored.documents, stored.chunks);
	await deleteChunkRows(client, collection.id, plan.drop);
	const ids = await upsertDocumentRows(client, collection.id, last, new Map(stored.documents.map(row => [row.fileName, row.id])));
	// The embedded store's formula: a chunk keeps its wire id on either backend and across an export.
	const chunkIdOf = new Map<ChunkToWrite, string>(last.flatMap(document => {
		const wireIds = chunkIds(collection.name, document.fileName, document.chunks.map(chunk => chunk.hash));
		return document.chunks.map((chunk, index) => [chunk, wireIds[index]!] as const);
	}));
	await updateKeptChunkRows(client, collection.id, plan.keep.map(({id, chunk}) => ({id, chunk, chunkId: chunkIdOf.get(chunk)!})), vectorType);
	const added = plan.add.map(({document, chunk}) => ({
		documentId: ids.get(document.fileName)!, chunkId: chunkIdOf.get(chunk)!, chunk, ...(derived?.get(chunk) ?? deriveChunk(document.title, chunk)),
	}));
	await insertChunkRows(client, collection, added, vectorType);

	const totals: Totals = {documents: last.length - stored.documents.length, chunks: added.length - plan.drop.length, vectors: 0, tokens: 0, keywordTokens: 0};
	for (const {chunk, postings} of added) {
		totals.vectors += chunk.vector ? 1 : 0;
		totals.tokens += chunk.tokens;
		totals.keywordTokens += postings.length;
	}

	for (const row of plan.drop) {
		totals.vectors -= row.hasVector ? 1 : 0;
		totals.tokens -= row.tokens;
		totals.keywordTokens -= row.keywordLength;
	}

	for (const {chunk, stored: row} of plan.keep) {
		totals.vectors += (chunk.vector ? 1 : 0) - (row.hasVector ? 1 : 0);
		totals.tokens += chunk.tokens - row.tokens;
	}

	await addTotals(client, collection.id, totals);
}

/** The stored documents of these names and their chunks, as much as deciding their reuse needs. */
async function storedRows(client: pg.ClientBase, collectionId: number, fileNames: readonly string[]): Promise<{documents: StoredDocumentRow[]; chunks: StoredChunkRow[]}> {
	const {rows: documents} = await client.query<StoredDocumentRow>('SELECT id, file_name AS "fileName", title FROM md_vector.documents WHERE collection_id = $1 AND file_name = ANY($2::text[])', [
		collectionId, fileNames,
	]);
	if (documents.length === 0) {
		return {documents, chunks: []};
	}

	const {rows: chunks} = await client.query<StoredChunkRow>(`SELECT id, document_id AS "documentId", ordinal, content, heading_path AS "headingPath", text_hash AS hash,
		embedding IS NOT NULL AS "hasVector", tokens, keyword_length AS "keywordLength" FROM md_vector.chunks WHERE document_id = ANY($1::bigint[])`, [documents.map(row => row.id)]);
	return {documents, chunks};
}

/** Deletes a document with its chunks and postings, in the caller's transaction; its chunk count, or undefined. */
export async function deleteDocument(client: pg.ClientBase, collection: Collection, fileName: string): Promise<number | undefined> {
	const removed = await removeDocuments(client, collection, [fileName]);
	return removed.documents === 0 ? undefined : removed.chunks;
}

/**
 * Locks document names for the caller's transaction (sorted, so two writers never wait on each other in a
 * circle): whoever else writes, moves or deletes one of them waits for this transaction to end. One statement:
 * the locks are taken in the array's order.
 */
export async function lockNames(client: pg.ClientBase, collectionId: number, fileNames: readonly string[]): Promise<void> {
	const keys = [...new Set(fileNames.map(fileName => nameKey(collectionId, fileName)))].sort((a, b) => a - b);
	if (keys.length > 0) {
		await client.query('SELECT count(pg_advisory_xact_lock($1, key)) FROM unnest($2::int[]) AS key', [lockKeys.document(0)[0], keys]);
	}
}

/** Deletes these documents (names locked first) with their chunks and postings, and updates the totals; answers what went. */
export async function removeDocuments(client: pg.ClientBase, collection: Collection, fileNames: readonly string[]): Promise<Totals> {
	await lockNames(client, collection.id, fileNames);
	const removed = await removeDocumentRows(client, collection.id, fileNames);
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

/** Deletes the rows of these documents (documents, chunks, postings); answers what went. Two statements. */
async function removeDocumentRows(client: pg.ClientBase, collectionId: number, fileNames: readonly string[]): Promise<Totals> {
	const {rows: documents} = fileNames.length === 0
		? {rows: []}
		: await client.query<{id: number}>('DELETE FROM md_vector.documents WHERE collection_id = $1 AND file_name = ANY($2::text[]) RETURNING id', [collectionId, fileNames]);
	if (documents.length === 0) {
		return {documents: 0, chunks: 0, vectors: 0, tokens: 0, keywordTokens: 0};
	}

	// By the documents' ids as values, so each delete is an index scan whatever the statistics say.
	const {rows} = await client.query<Totals>(`WITH p AS (DELETE FROM md_vector.postings WHERE collection_id = $1 AND document_id = ANY($2::bigint[])),
		c AS (DELETE FROM md_vector.chunks WHERE document_id = ANY($2::bigint[]) RETURNING embedding IS NOT NULL AS has_vector, tokens, keyword_length)
		SELECT $3::int AS documents, count(*) AS chunks, count(*) FILTER (WHERE has_vector) AS vectors,
			coalesce(sum(tokens), 0) AS tokens, coalesce(sum(keyword_length), 0) AS "keywordTokens" FROM c`, [collectionId, documents.map(row => row.id), documents.length]);
	return rows[0]!;
}
