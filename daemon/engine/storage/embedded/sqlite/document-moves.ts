import type Database from 'better-sqlite3';
import {EngineError, invalidInput} from '../../../errors.js';
import type {DocumentMove} from '../../types.js';
import {chunkIds} from '../../chunk-ids.js';

/**
 * Renames and re-homes documents (name, source, relative path, file path, file stamp) inside the caller's transaction, in two steps: every moving document (and its
 * chunk ids) first takes a temporary name no document can have, then its final one. SQLite checks UNIQUE per
 * statement, so a chain (a -> b -> c) or a cycle (a <-> b, two sources relabelled) would fail in one step.
 */
export class DocumentMoves {
	private readonly sql;

	constructor(db: Database.Database) {
		this.sql = {
			byName: db.prepare('SELECT id FROM documents WHERE collection_id = ? AND file_name = ?'),
			parkDocument: db.prepare('UPDATE documents SET file_name = char(0) || \'moving:\' || id WHERE id = ?'),
			parkChunks: db.prepare('UPDATE chunks SET chunk_id = char(0) || \'moving:\' || id WHERE document_id = ?'),
			place: db.prepare('UPDATE documents SET file_name = ?, source_id = ?, relative_path = ?, source_path = ?, file_size = ?, mtime_ms = ?, ctime_ms = ? WHERE id = ?'),
			chunkHashes: db.prepare('SELECT id, text_hash FROM chunks WHERE document_id = ? ORDER BY ordinal'),
			setChunkId: db.prepare('UPDATE chunks SET chunk_id = ? WHERE id = ?'),
		};
	}

	apply(collection: {id: number; name: string}, moves: readonly DocumentMove[]): void {
		const located = moves.map(move => {
			const row = this.sql.byName.get(collection.id, move.from) as {id: number} | undefined;
			if (!row) {
				throw invalidInput(`move: document '${move.from}' does not exist in collection '${collection.name}'`);
			}

			return {...move, id: row.id};
		});
		const renamed = located.filter(move => move.from !== move.to);
		for (const move of renamed) {
			this.sql.parkDocument.run(move.id);
			this.sql.parkChunks.run(move.id);
		}

		for (const move of located) {
			try {
				this.sql.place.run(move.to, move.sourceId, move.relativePath, move.sourcePath, move.fileSize ?? null, move.mtimeMs, move.ctimeMs ?? null, move.id);
			} catch (error) {
				if ((error as {code?: string}).code === 'SQLITE_CONSTRAINT_UNIQUE') {
					throw new EngineError('name_taken', 409, `move: '${move.to}' is the name of another document of collection '${collection.name}'`);
				}

				throw error;
			}
		}

		for (const move of renamed) {
			this.renameChunks(collection.name, move.to, move.id);
		}
	}

	/** Gives a document's chunks the ids of its (new) name, or of its collection's new name. */
	renameChunks(collectionName: string, fileName: string, documentId: number): void {
		const rows = this.sql.chunkHashes.all(documentId) as Array<{id: number; text_hash: string}>;
		const ids = chunkIds(collectionName, fileName, rows.map(row => row.text_hash));
		for (const [index, row] of rows.entries()) {
			this.sql.setChunkId.run(ids[index], row.id);
		}
	}
}
