import type Database from 'better-sqlite3';

const collectionColumns = 'id, name, model_id AS modelId, dims, chunker_version AS chunkerVersion, vector_generation AS vectorGeneration';
const documentColumns = `id, file_name AS fileName, content_hash AS contentHash, chunk_count AS chunkCount, source_path AS sourcePath, byte_size AS byteSize,
	source_id AS sourceId, relative_path AS relativePath, file_size AS fileSize, mtime_ms AS mtimeMs, ctime_ms AS ctimeMs, meta`;
const chunkColumns = 'c.id, c.chunk_id, d.file_name, d.source_path, c.ordinal, c.section_title, c.heading_level, c.heading_path, c.content, c.start_line, c.end_line';

/** Every statement the store runs, prepared once. */
export function prepareStatements(db: Database.Database) {
	return {
		collectionByName: db.prepare(`SELECT ${collectionColumns} FROM collections WHERE name = ?`),
		insertCollection: db.prepare('INSERT OR IGNORE INTO collections (name, chunker_version, created_at) VALUES (?, ?, ?)'),
		collectionsWithCounts: db.prepare(`SELECT ${collectionColumns},
			(SELECT count(*) FROM chunks WHERE collection_id = collections.id) AS count,
			(SELECT count(*) FROM documents WHERE collection_id = collections.id) AS documents
			FROM collections ORDER BY name`),
		setFingerprint: db.prepare('UPDATE collections SET model_id = ?, dims = ? WHERE id = ?'),
		bumpGeneration: db.prepare('UPDATE collections SET vector_generation = vector_generation + 1 WHERE id = ?'),
		documentByName: db.prepare(`SELECT ${documentColumns} FROM documents WHERE collection_id = ? AND file_name = ?`),
		fileNamesOfCollection: db.prepare('SELECT file_name FROM documents WHERE collection_id = ?'),
		documentsOfCollection: db.prepare(`SELECT ${documentColumns} FROM documents WHERE collection_id = ? ORDER BY file_name`),
		// Export pages: documents after a file name, then each one's chunks (the (collection_id, file_name) index walks them in order).
		documentsAfter: db.prepare(`SELECT d.id, d.file_name AS fileName, d.title, d.tags, d.content_hash AS contentHash, d.byte_size AS byteSize, d.source_path AS sourcePath,
			d.source_id AS sourceId, d.relative_path AS relativePath, d.mtime_ms AS mtimeMs, t.text
			FROM documents d LEFT JOIN document_texts t ON t.document_id = d.id WHERE d.collection_id = ? AND d.file_name > ? ORDER BY d.file_name LIMIT ?`),
		exportChunksOfDocument: db.prepare(`SELECT ${chunkColumns}, c.tokens, c.text_hash, c.vector FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.document_id = ? ORDER BY c.ordinal`),
		insertDocument: db.prepare(`INSERT INTO documents (collection_id, file_name, source_path, title, tags, content_hash, byte_size, chunk_count, ingested_at, source_id, relative_path, file_size, mtime_ms, ctime_ms, meta, meta_pairs)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		insertText: db.prepare('INSERT INTO document_texts (document_id, text) VALUES (?, ?)'),
		documentText: db.prepare('SELECT t.text FROM document_texts t JOIN documents d ON d.id = t.document_id WHERE d.collection_id = ? AND d.file_name = ?'),
		deleteDocument: db.prepare('DELETE FROM documents WHERE id = ?'),
		documentIdsOfCollection: db.prepare('SELECT id, file_name AS fileName FROM documents WHERE collection_id = ?'),
		deleteCollection: db.prepare('DELETE FROM collections WHERE id = ?'),
		renameCollection: db.prepare('UPDATE collections SET name = ? WHERE id = ?'),
		chunkRowsOfDocument: db.prepare('SELECT id, vector IS NOT NULL AS has_vector FROM chunks WHERE document_id = ?'),
		insertChunk: db.prepare(`INSERT INTO chunks (chunk_id, document_id, collection_id, ordinal, section_title, heading_level, heading_path, content, start_line, end_line, text_hash, tokens, vector)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		insertFts: db.prepare('INSERT INTO chunks_fts (rowid, title, headings, body) VALUES (?, ?, ?, ?)'),
		deleteFts: db.prepare('DELETE FROM chunks_fts WHERE rowid = ?'),
		// Schema 6 (schema.ts): the row's length as FTS5 counted it, its key row, the collection totals, its words.
		ftsRowSize: db.prepare('SELECT sz FROM chunks_fts_docsize WHERE id = ?').pluck(),
		insertKey: db.prepare('INSERT INTO chunk_keys (id, collection_id, keyword_length, boilerplate) VALUES (?, ?, ?, ?)'),
		keysOfDocument: db.prepare('SELECT k.id, k.collection_id AS collectionId, k.keyword_length AS length FROM chunks c JOIN chunk_keys k ON k.id = c.id WHERE c.document_id = ?'),
		deleteKey: db.prepare('DELETE FROM chunk_keys WHERE id = ?'),
		addTotals: db.prepare(`INSERT INTO keyword_totals (collection_id, chunks, tokens) VALUES (?, ?, ?)
			ON CONFLICT (collection_id) DO UPDATE SET chunks = chunks + excluded.chunks, tokens = tokens + excluded.tokens`),
		keywordTotals: db.prepare('SELECT collection_id AS id, chunks, tokens FROM keyword_totals'),
		// The rowids a keyword search reads (../../keyword-split.ts): the whole table's at once, some collections' by a walk.
		keyRange: db.prepare('SELECT min(id) AS "from", max(id) AS "to" FROM chunk_keys'),
		keyRangeOf: db.prepare('SELECT min(id) AS "from", max(id) AS "to" FROM chunk_keys WHERE collection_id IN (SELECT value FROM json_each(?))'),
		insertWords: db.prepare('INSERT INTO chunks_words (rowid, words) VALUES (?, ?)'),
		deleteWords: db.prepare('DELETE FROM chunks_words WHERE rowid = ?'),
		boilerplateOf: db.prepare('SELECT boilerplate FROM chunk_keys WHERE id = ?').pluck(),
		vectorByHash: db.prepare('SELECT vector FROM chunks WHERE collection_id = ? AND text_hash = ? AND vector IS NOT NULL LIMIT 1'),
		// `+collection_id`: walk the rowids in order; the (collection_id, text_hash) index made SQLite sort every row.
		vectorsAfter: db.prepare('SELECT id, vector FROM chunks WHERE +collection_id = ? AND vector IS NOT NULL AND id > ? ORDER BY id LIMIT ?'),
		chunksWithoutVectors: db.prepare('SELECT id, text_hash, heading_path, content FROM chunks WHERE collection_id = ? AND vector IS NULL ORDER BY id LIMIT ?'),
		setVector: db.prepare('UPDATE chunks SET vector = ? WHERE id = ? AND vector IS NULL'),
		chunksOfDocument: db.prepare(`SELECT ${chunkColumns} FROM chunks c JOIN documents d ON d.id = c.document_id WHERE d.collection_id = ? AND d.file_name = ? ORDER BY c.ordinal`),
		chunkByRowid: db.prepare(`SELECT ${chunkColumns} FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.id = ? AND c.collection_id = ?`),
		keywordFrequency: db.prepare('SELECT count(*) AS count FROM chunks_fts WHERE chunks_fts MATCH ?'),
		// A term's rows per collection (a store of several collections, a search of some of them).
		keywordFrequencies: db.prepare(`SELECT k.collection_id AS id, count(*) AS count FROM chunks_fts f JOIN chunk_keys k ON k.id = f.rowid
			WHERE chunks_fts MATCH ? GROUP BY k.collection_id`),
		// FTS5's averages record (row 1 of its data table): its row count, which keeps the deleted rows of a
		// contentless table, and the token totals. Its idf is made of that count; topKeyword undoes that idf.
		ftsAverages: db.prepare('SELECT block FROM chunks_fts_data WHERE id = 1'),
		// Its expressions are chunks_counts' (schema 8), so the index answers it alone.
		stats: db.prepare(`SELECT (SELECT count(*) FROM documents WHERE collection_id = @id) AS documents,
			count(*) AS chunks, coalesce(sum(vector IS NOT NULL), 0) AS vectors, coalesce(sum(tokens), 0) AS tokens FROM chunks WHERE collection_id = @id`),
	};
}

export type Statements = ReturnType<typeof prepareStatements>;
