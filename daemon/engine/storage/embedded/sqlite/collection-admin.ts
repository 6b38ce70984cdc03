import type Database from 'better-sqlite3';
import {EngineError} from '../../../errors.js';
import type {CollectionRemoval} from '../../types.js';
import type {DocumentMoves} from './document-moves.js';
import type {DocumentRows} from './document-rows.js';
import type {SourceRows} from './source-rows.js';
import type {Statements} from './statements.js';
import type {CollectionRow} from './types.js';
import {writeTransaction} from './write-transaction.js';

type Tables = {db: Database.Database; sql: Statements; rows: DocumentRows; sources: SourceRows; moves: DocumentMoves};

/** What whole-collection and whole-source changes need: each runs in one transaction. */
export class CollectionAdmin {
	constructor(private readonly tables: Tables) {
		// Fields only.
	}

	/** Deletes a source's documents, then the source. Answers the rowids whose vectors went. */
	removeSource(collection: CollectionRow, sourceId: number): {removed: number[]; documents: number; chunks: number} {
		const {db, sql, rows, sources} = this.tables;
		return writeTransaction(db, () => {
			sources.get(collection.id, sourceId);
			const removed: number[] = [];
			let chunks = 0;
			const documents = sources.documentIds(sourceId);
			for (const id of documents) {
				const gone = rows.remove(id);
				chunks += gone.chunks;
				removed.push(...gone.withVectors);
			}

			sources.remove(sourceId);
			if (removed.length > 0) {
				sql.bumpGeneration.run(collection.id);
			}

			return {removed, documents: documents.length, chunks};
		});
	}

	/** Deletes a collection with everything in it. */
	deleteCollection(collection: CollectionRow): CollectionRemoval {
		const {db, sql, rows, sources} = this.tables;
		return writeTransaction(db, () => {
			const documents = sql.documentIdsOfCollection.all(collection.id) as Array<{id: number}>;
			let chunks = 0;
			for (const {id} of documents) {
				chunks += rows.remove(id).chunks;
			}

			const list = sources.list(collection.id);
			for (const source of list) {
				sources.remove(source.id);
			}

			sql.deleteCollection.run(collection.id);
			return {documents: documents.length, chunks, sources: list.length};
		});
	}

	/** Renames a collection and recomputes its chunk ids (they are derived from the name). */
	renameCollection(collection: CollectionRow, name: string): void {
		const {db, sql, moves} = this.tables;
		writeTransaction(db, () => {
			if (sql.collectionByName.get(name)) {
				throw new EngineError('collection_exists', 409, `collection '${name}' already exists`);
			}

			sql.renameCollection.run(name, collection.id);
			for (const {id, fileName} of sql.documentIdsOfCollection.all(collection.id) as Array<{id: number; fileName: string}>) {
				moves.renameChunks(name, fileName, id);
			}
		});
	}
}
