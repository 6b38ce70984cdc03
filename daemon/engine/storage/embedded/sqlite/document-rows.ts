import {keywordTokens} from '../../../../../common/text/keyword-tokens.js';
import type {DocumentToWrite} from '../../types.js';
import {chunkIds} from '../../chunk-ids.js';
import {metaPairs, storedMeta} from '../../document-filter.js';
import {isBoilerplate} from '../../../search/boilerplate.js';
import {encodeVector} from '../../vector-codec.js';
import type {Statements} from './statements.js';
import type {CollectionRow} from './types.js';
import {ftsRowSize, wordsLine} from './words-index.js';

/**
 * Writes and deletes a document's rows (document, text, chunks, their keys, FTS rows, words rows, the collection's
 * keyword totals) inside the caller's transaction. FTS5 rows are contentless: they are deleted one by one, never by
 * a cascade. `ftsChanged` is told of every change of the FTS table (its BM25 statistics are cached).
 */
export class DocumentRows {
	constructor(private readonly sql: Statements, private readonly ftsChanged: () => void) {
		// Fields only.
	}

	/** Inserts a document; answers the rowids and vectors of its chunks that have one. */
	insert(collection: CollectionRow, document: DocumentToWrite): Array<{rowid: number; vector: Float32Array}> {
		const meta = storedMeta(document.meta);
		const place = [document.sourceId ?? null, document.relativePath ?? null, document.fileSize ?? null, document.mtimeMs ?? null, document.ctimeMs ?? null, JSON.stringify(meta), JSON.stringify(metaPairs(meta))];
		const info = this.sql.insertDocument.run(collection.id, document.fileName, document.sourcePath ?? null, document.title, JSON.stringify(document.tags), document.contentHash, document.byteSize, document.chunks.length, new Date().toISOString(), ...place);
		const documentId = Number(info.lastInsertRowid);
		if (document.text !== undefined) {
			this.sql.insertText.run(documentId, document.text);
		}

		this.ftsChanged();
		const added: Array<{rowid: number; vector: Float32Array}> = [];
		const ids = chunkIds(collection.name, document.fileName, document.chunks.map(chunk => chunk.hash));
		const title = keywordTokens(document.title).join(' ');
		let tokens = 0;
		for (const [index, chunk] of document.chunks.entries()) {
			const result = this.sql.insertChunk.run(ids[index], documentId, collection.id, chunk.ordinal, chunk.sectionTitle, chunk.headingLevel, JSON.stringify(chunk.headingPath), chunk.content, chunk.startLine, chunk.endLine, chunk.hash, chunk.tokens, chunk.vector ? encodeVector(chunk.vector) : null);
			const rowid = Number(result.lastInsertRowid);
			const headings = chunk.headingPath.slice(1).join(' ');
			this.sql.insertFts.run(rowid, title, keywordTokens(headings).join(' '), keywordTokens(chunk.content).join(' '));
			// D as FTS5 counted it, read back: keyword-steps.ts turns FTS5's scores into BM25 over other statistics with it.
			const length = ftsRowSize(this.sql.ftsRowSize.get(rowid) as Uint8Array | undefined);
			tokens += length;
			this.sql.insertKey.run(rowid, collection.id, length, isBoilerplate(chunk.content) ? 1 : 0);
			this.sql.insertWords.run(rowid, wordsLine(chunk.content));
			if (chunk.vector) {
				added.push({rowid, vector: chunk.vector});
			}
		}

		this.sql.addTotals.run(collection.id, document.chunks.length, tokens);
		return added;
	}

	/** Deletes a document with its chunks, their FTS rows and its text; answers its chunk count and the rowids that had vectors. */
	remove(documentId: number): {chunks: number; withVectors: number[]} {
		const rows = this.sql.chunkRowsOfDocument.all(documentId) as Array<{id: number; has_vector: number}>;
		const keys = this.sql.keysOfDocument.all(documentId) as Array<{id: number; collectionId: number; length: number}>;
		this.ftsChanged();
		for (const row of rows) {
			this.sql.deleteFts.run(row.id);
			this.sql.deleteWords.run(row.id);
		}

		for (const key of keys) {
			this.sql.deleteKey.run(key.id);
		}

		if (keys.length > 0) {
			this.sql.addTotals.run(keys[0]!.collectionId, -keys.length, -keys.reduce((sum, key) => sum + key.length, 0));
		}

		this.sql.deleteDocument.run(documentId); // chunks and the text go by ON DELETE CASCADE
		return {chunks: rows.length, withVectors: rows.filter(row => row.has_vector).map(row => row.id)};
	}
}
