import {mkdirSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {sha256} from '../hash.js';
import {keywordTokens} from '../text/keyword-tokens.js';
import {assertSameFingerprint, assertVectorsFit} from '../storage/fingerprint.js';
import type {DocumentInfo, DocumentToWrite, ExportedDocument, FieldWeights, Fingerprint, Ranked, StoredChunk} from '../storage/types.js';
import {phrase, topKeyword, type KeywordSource} from './keyword-top-k.js';
import {schema, schemaVersion} from './schema.js';
import {decodeVector, encodeVector} from './vector-codec.js';
import type {CollectionRow, VectorChange} from './types.js';
import {prepareStatements, type Statements} from './statements.js';

/**
 * The system of record of the embedded backend: collections, documents, chunks, vectors and the BM25 index, in
 * one SQLite file (WAL, synchronous=FULL). Every write is one transaction: a crash leaves a document whole or
 * absent. Synchronous: embedded-storage.ts answers the engine's asynchronous calls with it, and the vector
 * indexes read it in one tick (one state).
 */
export class Store {
	static open(file: string): Store {
		mkdirSync(path.dirname(file), {recursive: true});
		const db = new Database(file);
		db.pragma('journal_mode = WAL');
		db.pragma('synchronous = FULL');
		db.pragma('foreign_keys = ON');
		db.pragma('busy_timeout = 5000');
		db.exec(schema);
		db.pragma(`user_version = ${schemaVersion}`);
		return new Store(db);
	}

	private readonly sql: Statements;
	/** BM25 statistics for topKeyword; dropped by every write of the FTS table. */
	private statistics: {frequency: (term: string) => number; rows: number} | undefined;

	private constructor(private readonly db: Database.Database) {
		this.sql = prepareStatements(db);
	}

	close(): void {
		this.db.close();
	}

	collection(name: string): CollectionRow | undefined {
		return this.sql.collectionByName.get(name) as CollectionRow | undefined;
	}

	ensureCollection(name: string, chunkerVersion: number): CollectionRow {
		this.sql.insertCollection.run(name, chunkerVersion, new Date().toISOString());
		return this.collection(name)!;
	}

	collections(): Array<CollectionRow & {count: number; documents: number}> {
		return this.sql.collectionsWithCounts.all() as Array<CollectionRow & {count: number; documents: number}>;
	}

	document(collectionId: number, fileName: string): DocumentInfo | undefined {
		return toDocumentInfo(this.documentRow(collectionId, fileName));
	}

	documents(collectionId: number): DocumentInfo[] {
		return (this.sql.documentsOfCollection.all(collectionId) as DocumentRow[]).map(row => toDocumentInfo(row)!);
	}

	/** Up to `limit` whole documents after a file name, by file name, read in one go (one state). */
	exportPage(collectionId: number, after: string | undefined, limit: number): ExportedDocument[] {
		const documents = this.sql.documentsAfter.all(collectionId, after ?? '', limit) as Array<{id: number; fileName: string; title: string; tags: string; contentHash: string; byteSize: number}>;
		return documents.map(({id, tags, ...document}) => ({
			...document,
			tags: JSON.parse(tags) as string[],
			chunks: (this.sql.exportChunksOfDocument.all(id) as Array<ChunkRow & {vector: Buffer | null; tokens: number; text_hash: string}>)
				.map(row => ({...toStoredChunk(row), tokens: row.tokens, hash: row.text_hash, vector: row.vector ? decodeVector(row.vector) : undefined})),
		}));
	}

	/** Stored vectors of chunks with these text hashes: unchanged chunks are not embedded again. */
	vectorsByHash(collectionId: number, hashes: readonly string[]): Map<string, Float32Array> {
		const found = new Map<string, Float32Array>();
		for (const hash of new Set(hashes)) {
			const row = this.sql.vectorByHash.get(collectionId, hash) as {vector: Buffer} | undefined;
			if (row) {
				found.set(hash, decodeVector(row.vector));
			}
		}

		return found;
	}

	/** Records the collection's fingerprint on its first vectors; refuses vectors of another one. */
	checkFingerprint(collection: CollectionRow, fingerprint: Fingerprint): void {
		assertSameFingerprint(collection, fingerprint);
		if (collection.modelId === null) {
			this.sql.setFingerprint.run(fingerprint.modelId, fingerprint.dims, collection.id);
		}
	}

	/** Replaces a document (or adds it) with its chunks, in one transaction. */
	writeDocuments(collection: CollectionRow, documents: readonly DocumentToWrite[], fingerprint?: Fingerprint): VectorChange {
		return this.db.transaction(() => {
			const current = this.collection(collection.name)!;
			if (fingerprint && documents.some(document => document.chunks.some(chunk => chunk.vector))) {
				this.checkFingerprint(current, fingerprint);
			}

			const removed: number[] = [];
			const added: Array<{rowid: number; vector: Float32Array}> = [];
			for (const document of documents) {
				assertVectorsFit(document, fingerprint);
				removed.push(...this.removeDocument(current.id, document.fileName));
				added.push(...this.insertDocument(current, document));
			}

			if (removed.length > 0 || added.length > 0) {
				this.sql.bumpGeneration.run(current.id);
			}

			return {removed, added};
		})();
	}

	/** Deletes a document with its chunks; undefined when there is no such document. */
	deleteDocument(collection: CollectionRow, fileName: string): {removed: number[]; chunks: number} | undefined {
		return this.db.transaction(() => {
			const document = this.documentRow(collection.id, fileName);
			if (!document) {
				return undefined;
			}

			const removed = this.removeDocument(collection.id, fileName);
			this.sql.bumpGeneration.run(collection.id);
			return {removed, chunks: document.chunkCount};
		})();
	}

	private documentRow(collectionId: number, fileName: string): DocumentRow | undefined {
		return this.sql.documentByName.get(collectionId, fileName) as DocumentRow | undefined;
	}

	private removeDocument(collectionId: number, fileName: string): number[] {
		const document = this.documentRow(collectionId, fileName);
		if (!document) {
			return [];
		}

		const rows = this.sql.chunkRowsOfDocument.all(document.id) as Array<{id: number; has_vector: number}>;
		this.statistics = undefined;
		for (const row of rows) {
			this.sql.deleteFts.run(row.id);
		}

		this.sql.deleteDocument.run(document.id); // chunks go by ON DELETE CASCADE
		return rows.filter(row => row.has_vector).map(row => row.id);
	}

	private insertDocument(collection: CollectionRow, document: DocumentToWrite): Array<{rowid: number; vector: Float32Array}> {
		const info = this.sql.insertDocument.run(collection.id, document.fileName, document.sourcePath ?? null, document.title, JSON.stringify(document.tags), document.contentHash, document.byteSize, document.chunks.length, new Date().toISOString());
		const documentId = Number(info.lastInsertRowid);
		this.statistics = undefined;
		const added: Array<{rowid: number; vector: Float32Array}> = [];
		const seen = new Map<string, number>();
		for (const chunk of document.chunks) {
			const occurrence = seen.get(chunk.hash) ?? 0;
			seen.set(chunk.hash, occurrence + 1);
			const chunkId = sha256(`${collection.name}\0${document.fileName}\0${chunk.hash}\0${occurrence}`, 24);
			const result = this.sql.insertChunk.run(chunkId, documentId, collection.id, chunk.ordinal, chunk.sectionTitle, chunk.headingLevel, JSON.stringify(chunk.headingPath), chunk.content, chunk.startLine, chunk.endLine, chunk.hash, chunk.tokens, chunk.vector ? encodeVector(chunk.vector) : null);
			const rowid = Number(result.lastInsertRowid);
			const headings = chunk.headingPath.slice(1).join(' ');
			this.sql.insertFts.run(rowid, keywordTokens(document.title).join(' '), keywordTokens(headings).join(' '), keywordTokens(chunk.content).join(' '));
			if (chunk.vector) {
				added.push({rowid, vector: chunk.vector});
			}
		}

		return added;
	}

	/** Every vector of a collection, in rowid order, for rebuilding its index. */
	* vectors(collectionId: number): Generator<{rowid: number; vector: Float32Array}> {
		for (const row of this.sql.vectorsAfter.iterate(collectionId, 0, -1) as Iterable<{id: number; vector: Buffer}>) {
			yield {rowid: row.id, vector: decodeVector(row.vector)};
		}
	}

	/** Up to `limit` vectors of a collection with rowids above `after`, in rowid order (an index built in steps). */
	vectorsAfter(collectionId: number, after: number, limit: number): Array<{rowid: number; vector: Float32Array}> {
		return (this.sql.vectorsAfter.all(collectionId, after, limit) as Array<{id: number; vector: Buffer}>).map(row => ({rowid: row.id, vector: decodeVector(row.vector)}));
	}

	/** Chunks stored without a vector (ingested while no model was loaded). */
	chunksWithoutVectors(collectionId: number, limit: number): Array<{rowid: number; text: string}> {
		return (this.sql.chunksWithoutVectors.all(collectionId, limit) as Array<{id: number; heading_path: string; content: string}>)
			.map(row => ({rowid: row.id, text: `${(JSON.parse(row.heading_path) as string[]).join(' > ')}\n\n${row.content}`}));
	}

	/** Fills in vectors of existing chunks; returns the rows that really changed. */
	setVectors(collection: CollectionRow, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>, fingerprint: Fingerprint): VectorChange {
		return this.db.transaction(() => {
			this.checkFingerprint(this.collection(collection.name)!, fingerprint);
			const added = vectors.filter(({rowid, vector}) => this.sql.setVector.run(encodeVector(vector), rowid).changes > 0);
			this.sql.bumpGeneration.run(collection.id);
			return {removed: [], added};
		})();
	}

	/** A document's chunks in order (empty when there is no such document). */
	chunksOfDocument(collectionId: number, fileName: string): StoredChunk[] {
		return (this.sql.chunksOfDocument.all(collectionId, fileName) as ChunkRow[]).map(row => toStoredChunk(row));
	}

	/** The chunks of these rowids that exist in the collection. */
	chunks(collectionId: number, rowids: readonly number[]): Map<number, StoredChunk> {
		const found = new Map<number, StoredChunk>();
		for (const rowid of rowids) {
			const row = this.sql.chunkByRowid.get(rowid, collectionId) as ChunkRow | undefined;
			if (row) {
				found.set(rowid, toStoredChunk(row));
			}
		}

		return found;
	}

	/** The collection's best `limit` chunks by BM25 for chunks holding any of `terms`. Higher score is better. */
	keyword(collectionId: number, terms: readonly string[], limit: number, weights: FieldWeights): Ranked[] {
		return topKeyword(this.keywordSource(collectionId, weights), terms, limit);
	}

	/** The FTS5 table as topKeyword reads it, for one query. */
	keywordSource(collectionId: number, weights: FieldWeights): KeywordSource {
		const statistics = this.keywordStatistics();
		return {
			frequency: statistics.frequency,
			rows: () => statistics.rows,
			best: (match, limit) => this.keywordMatches(collectionId, match, limit, weights),
		};
	}

	/** BM25 of every chunk an FTS5 expression matches, best `limit` first (the reference topKeyword must equal). */
	keywordMatches(collectionId: number, match: string, limit: number, weights: FieldWeights): Ranked[] {
		return (this.sql.keyword.all(...weights, match, collectionId, limit) as Array<{rowid: number; rank: number}>)
			.map(row => ({rowid: row.rowid, score: -row.rank}));
	}

	/** Term frequencies and row count of the FTS table, kept until the next write changes them. */
	private keywordStatistics(): {frequency: (term: string) => number; rows: number} {
		this.statistics ??= (() => {
			const frequencies = new Map<string, number>();
			return {
				rows: (this.sql.chunksEverInserted.get() as {count: number}).count,
				frequency: (term: string) => {
					let count = frequencies.get(term);
					if (count === undefined) {
						count = (this.sql.keywordFrequency.get(phrase(term)) as {count: number}).count;
						frequencies.set(term, count);
					}

					return count;
				},
			};
		})();
		return this.statistics;
	}

	stats(collectionId: number): {documents: number; chunks: number; vectors: number; tokens: number} {
		return this.sql.stats.get({id: collectionId}) as {documents: number; chunks: number; vectors: number; tokens: number};
	}

	fileSize(): number {
		const {page_count: pages, page_size: size} = {
			page_count: this.db.pragma('page_count', {simple: true}) as number,
			page_size: this.db.pragma('page_size', {simple: true}) as number,
		};
		return pages * size;
	}

	checkpoint(): void {
		this.db.pragma('wal_checkpoint(TRUNCATE)');
	}
}

type DocumentRow = DocumentInfo & {readonly id: number};

function toDocumentInfo(row: DocumentRow | undefined): DocumentInfo | undefined {
	return row && {fileName: row.fileName, contentHash: row.contentHash, chunkCount: row.chunkCount, sourcePath: row.sourcePath};
}

type ChunkRow = {
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

function toStoredChunk(row: ChunkRow): StoredChunk {
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
