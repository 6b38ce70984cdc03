import type {ExportedDocument, StoredChunk} from '../../types.js';
import {decodeVector} from '../../vector-codec.js';
import {toStoredChunk, type ChunkRow} from './row-mappers.js';
import type {Statements} from './statements.js';

/** Reads of stored chunks and their vectors: by document, by rowid, by text hash, in rowid order, and export pages. */
export class ChunkReads {
	constructor(private readonly sql: Statements) {
		// Fields only.
	}

	/** Up to `limit` whole documents after a file name, by file name, read in one go (one state). */
	exportPage(collectionId: number, after: string | undefined, limit: number): ExportedDocument[] {
		const documents = this.sql.documentsAfter.all(collectionId, after ?? '', limit) as Array<Omit<ExportedDocument, 'chunks' | 'tags'> & {id: number; tags: string}>;
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

	/** Which of these rowids are boilerplate chunks (search/boilerplate.ts, decided when they were written). */
	boilerplate(rowids: readonly number[]): Set<number> {
		return new Set(rowids.filter(rowid => this.sql.boilerplateOf.get(rowid) === 1));
	}
}
