import type pg from 'pg';
import {EngineError, invalidInput} from '../../errors.js';
import {chunkIds} from '../chunk-ids.js';
import type {Collection, DocumentMove} from '../types.js';
import {lockNames, removeDocuments} from './write-documents.js';

/**
 * A sync's bookkeeping in the caller's transaction: deletes `remove`, then renames and re-homes `move` (name, source, relative path, file path, file stamp), in two
 * steps (every renamed document first takes a name no document can have, then its own), because PostgreSQL
 * checks a unique constraint row by row: a chain (a -> b -> c) or a cycle (a <-> b) would fail in one step.
 */
export async function moveDocuments(client: pg.ClientBase, collection: Collection, remove: readonly string[], moves: readonly DocumentMove[]): Promise<void> {
	await lockNames(client, collection.id, [...remove, ...moves.flatMap(move => [move.from, move.to])]);
	await removeDocuments(client, collection, remove);
	const located = [];
	for (const move of moves) {
		const {rows: [row]} = await client.query<{id: number}>('SELECT id FROM md_vector.documents WHERE collection_id = $1 AND file_name = $2', [collection.id, move.from]);
		if (!row) {
			throw invalidInput(`move: document '${move.from}' does not exist in collection '${collection.name}'`);
		}

		located.push({...move, id: row.id});
	}

	const renamed = located.filter(move => move.from !== move.to);
	if (renamed.length > 0) {
		await client.query('UPDATE md_vector.documents SET file_name = chr(1) || \'moving:\' || id WHERE id = ANY($1::bigint[])', [renamed.map(move => move.id)]);
	}

	for (const move of located) {
		try {
			await client.query(
				'UPDATE md_vector.documents SET file_name = $2, source_id = $3, relative_path = $4, source_path = $5, file_size = $6, mtime_ms = $7, ctime_ms = $8 WHERE id = $1',
				[move.id, move.to, move.sourceId, move.relativePath, move.sourcePath, move.fileSize ?? null, move.mtimeMs, move.ctimeMs ?? null],
			);
		} catch (error) {
			if ((error as {code?: string}).code === '23505') {
				throw new EngineError('name_taken', 409, `move: '${move.to}' is the name of another document of collection '${collection.name}'`);
			}

			throw error;
		}
	}

	for (const move of renamed) {
		await renameChunks(client, collection.name, move.to, move.id);
	}
}

/** Gives a document's chunks the ids of its (new) name, or of its collection's new name. */
export async function renameChunks(client: pg.ClientBase, collectionName: string, fileName: string, documentId: number): Promise<void> {
	const {rows} = await client.query<{id: number; hash: string}>('SELECT id, text_hash AS hash FROM md_vector.chunks WHERE document_id = $1 ORDER BY ordinal', [documentId]);
	const ids = chunkIds(collectionName, fileName, rows.map(row => row.hash));
	await client.query('UPDATE md_vector.chunks c SET chunk_id = t.chunk_id FROM unnest($1::bigint[], $2::text[]) AS t (id, chunk_id) WHERE c.id = t.id', [rows.map(row => row.id), ids]);
}
