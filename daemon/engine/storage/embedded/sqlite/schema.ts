import type Database from 'better-sqlite3';
import {writeTransaction} from './write-transaction.js';

/** Schema of the store; `user_version` tells which migrations ran. */
export const schemaVersion = 8;

/** Version 1: what every store starts from (frozen: a change is a migration below). */
export const schemaVersion1 = `
CREATE TABLE IF NOT EXISTS collections (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	name TEXT NOT NULL UNIQUE,
	model_id TEXT,
	dims INTEGER,
	chunker_version INTEGER NOT NULL,
	vector_generation INTEGER NOT NULL DEFAULT 0,
	created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS documents (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
	file_name TEXT NOT NULL,
	source_path TEXT,
	title TEXT NOT NULL,
	tags TEXT NOT NULL DEFAULT '[]',
	content_hash TEXT NOT NULL,
	byte_size INTEGER NOT NULL,
	chunk_count INTEGER NOT NULL,
	ingested_at TEXT NOT NULL,
	UNIQUE (collection_id, file_name)
);
CREATE TABLE IF NOT EXISTS chunks (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	chunk_id TEXT NOT NULL UNIQUE,
	document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
	collection_id INTEGER NOT NULL,
	ordinal INTEGER NOT NULL,
	section_title TEXT NOT NULL,
	heading_level INTEGER NOT NULL,
	heading_path TEXT NOT NULL,
	content TEXT NOT NULL,
	start_line INTEGER NOT NULL,
	end_line INTEGER NOT NULL,
	text_hash TEXT NOT NULL,
	tokens INTEGER NOT NULL,
	vector BLOB
);
CREATE INDEX IF NOT EXISTS chunks_by_document ON chunks(document_id);
CREATE INDEX IF NOT EXISTS chunks_by_hash ON chunks(collection_id, text_hash);
-- Keyword search keeps the BM25 matches of one collection: looking each match's collection up in this narrow
-- index instead of the wide chunk rows (text and vector) made it 2.4x faster at 100k chunks.
CREATE INDEX IF NOT EXISTS chunks_collection_of_row ON chunks(id, collection_id);
CREATE INDEX IF NOT EXISTS chunks_missing_vectors ON chunks(collection_id) WHERE vector IS NULL;
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
	title, headings, body,
	tokenize = 'unicode61 remove_diacritics 0',
	content = '', contentless_delete = 1
);
`;

/**
 * Migrations by the version they make (4 is another change's number; a version without an entry changes
 * nothing). 2: folder sources (issue 18). Existing documents stay loose (no source)
 * until the first sync of a folder that holds their file adopts them, without re-embedding. 3: each document's
 * file stamp (files/file-stamp.ts: size on disk and inode change time beside the mtime), so whether a file
 * changed is told without reading it; documents stored before it have none and are read to tell, as before.
 */
const migrations: Record<number, string> = {
	2: `
CREATE TABLE sources (
	id INTEGER PRIMARY KEY AUTOINCREMENT,
	collection_id INTEGER NOT NULL REFERENCES collections(id),
	path TEXT NOT NULL,
	label TEXT NOT NULL,
	include TEXT NOT NULL DEFAULT '[]',
	exclude TEXT NOT NULL DEFAULT '[]',
	ignore_files INTEGER NOT NULL DEFAULT 1,
	hidden INTEGER NOT NULL DEFAULT 0,
	watch INTEGER NOT NULL DEFAULT 0,
	added_at TEXT NOT NULL,
	last_sync_at TEXT,
	last_sync TEXT,
	UNIQUE (collection_id, path),
	UNIQUE (collection_id, label)
);
-- No cascade from a source to its documents: they go through the store's delete (their FTS rows are contentless).
ALTER TABLE documents ADD COLUMN source_id INTEGER REFERENCES sources(id);
ALTER TABLE documents ADD COLUMN relative_path TEXT;
ALTER TABLE documents ADD COLUMN mtime_ms REAL;
CREATE INDEX documents_by_source ON documents(source_id, relative_path);
-- What get prints: the text that was indexed, also after the file changed or vanished.
CREATE TABLE document_texts (
	document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
	text TEXT NOT NULL
);
`,
	3: `
ALTER TABLE documents ADD COLUMN file_size INTEGER;
ALTER TABLE documents ADD COLUMN ctime_ms REAL;
`,
	// 5: front matter per document, shown by get and matched by search filters (meta_pairs: document-filter.ts).
	// Documents stored before get theirs at their next re-ingest.
	5: `
ALTER TABLE documents ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
ALTER TABLE documents ADD COLUMN meta_pairs TEXT NOT NULL DEFAULT '[]';
`,
	// 6: switching a collection's model in place (issue 35): the switch under way (its target fingerprint), and the
	// target's vectors beside the live ones, each going with its chunk; the swap moves them into chunks.vector.
	6: `
CREATE TABLE model_switches (
	collection_id INTEGER PRIMARY KEY REFERENCES collections(id) ON DELETE CASCADE,
	model_id TEXT NOT NULL,
	dims INTEGER NOT NULL,
	started_at TEXT NOT NULL
);
CREATE TABLE switch_vectors (
	chunk_id INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
	collection_id INTEGER NOT NULL,
	vector BLOB NOT NULL
);
CREATE INDEX switch_vectors_of_collection ON switch_vectors(collection_id);
`,
	// 7: search answered from indexes (issue 37, 38). `chunk_keys`: per chunk, its collection, its length as FTS5
	// counted it (BM25's D, from FTS5's docsize record) and whether it is boilerplate (search/boilerplate.ts), narrow, so
	// a keyword step reads neither the wide chunk row nor its text; `keyword_totals`: each collection's chunks and
	// keyword tokens (BM25's N and average length over the collections searched, keyword-statistics.ts);
	// `chunks_words`: the words phrases compare, with positions (words-index.ts), so phrases and exclusions are
	// answered from an index. The md_* functions are registered by words-index.ts before migrating.
	7: `
CREATE TABLE chunk_keys (
	id INTEGER PRIMARY KEY,
	collection_id INTEGER NOT NULL,
	keyword_length INTEGER NOT NULL,
	boilerplate INTEGER NOT NULL
);
INSERT INTO chunk_keys (id, collection_id, keyword_length, boilerplate)
	SELECT id, collection_id, md_fts_row_size((SELECT sz FROM chunks_fts_docsize WHERE id = chunks.id)), md_is_boilerplate(content) FROM chunks;
CREATE TABLE keyword_totals (
	collection_id INTEGER PRIMARY KEY REFERENCES collections(id) ON DELETE CASCADE,
	chunks INTEGER NOT NULL,
	tokens INTEGER NOT NULL
);
INSERT INTO keyword_totals (collection_id, chunks, tokens) SELECT collection_id, count(*), sum(keyword_length) FROM chunk_keys GROUP BY collection_id;
CREATE VIRTUAL TABLE chunks_words USING fts5(words, tokenize = 'ascii', content = '', contentless_delete = 1);
INSERT INTO chunks_words (rowid, words) SELECT id, md_words_line(content) FROM chunks;
`,
	// 8: a collection's counts (stats) from a narrow covering index: counting them from the chunk rows walked every
	// page of the wide rows (text, vector), 80-120 ms at 62k chunks on the daemon's main thread, which every search
	// waited behind while a client polled stats (issue 37); from this index, ~4 ms.
	8: `
CREATE INDEX IF NOT EXISTS chunks_counts ON chunks (collection_id, tokens, (vector IS NOT NULL));
`,
};

/**
 * Brings a store to schemaVersion in one transaction: a new file gets version 1 then every migration; an older
 * one the migrations it lacks. A store of a newer md-vector is refused, untouched.
 */
export function migrate(db: Database.Database): void {
	const version = db.pragma('user_version', {simple: true}) as number;
	if (version > schemaVersion) {
		throw new Error(`the store was written by a newer md-vector (schema ${version}; this version knows ${schemaVersion}): upgrade md-vector`);
	}

	// A store already current is left alone: a connection opened beside others (a keyword thread, an import's
	// writer) takes no write lock, which a write under way on another connection would meet as SQLITE_BUSY.
	if (version === schemaVersion) {
		return;
	}

	writeTransaction(db, () => {
		// Read again under the lock: another connection may have migrated meanwhile.
		const found = db.pragma('user_version', {simple: true}) as number;
		if (found === schemaVersion) {
			return;
		}

		db.exec(schemaVersion1);
		for (let next = Math.max(found, 1) + 1; next <= schemaVersion; next++) {
			db.exec(migrations[next] ?? '');
		}

		db.pragma(`user_version = ${schemaVersion}`);
	});
}
