/**
 * The PostgreSQL schema, as numbered migrations (migrations.ts runs the missing ones once, under a lock). Every
 * table lives in the `md_vector` schema, so md-vector can share a database with other applications.
 *
 * Keyword search is exact BM25 in plain tables, as FTS5 computes it: `postings` holds, per (term, chunk), the
 * term's count in each field (document title, headings, body) and the chunk's length in keyword tokens (all
 * fields); `collection_totals` holds each collection's chunk count and total keyword tokens (summed: N and the
 * average length, over the whole store), kept by every write in its transaction; a term's document frequency is
 * counted from `postings`.
 *
 * Distribution (Citus and other distributed PostgreSQL): documents, chunks and postings carry `document_id`,
 * the distribution column, so a document is written on one shard and a top-k query runs shard by shard (see
 * ARCHITECTURE.md). Collections and their totals are small (reference tables there).
 */
export const migrations: ReadonlyArray<{readonly version: number; readonly sql: string}> = [
	{
		version: 1,
		sql: `
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE md_vector.collections (
	id bigserial PRIMARY KEY,
	name text COLLATE "C" NOT NULL UNIQUE,
	model_id text,
	dims integer,
	chunker_version integer NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE md_vector.collection_totals (
	collection_id bigint PRIMARY KEY REFERENCES md_vector.collections (id) ON DELETE CASCADE,
	documents bigint NOT NULL DEFAULT 0,
	chunks bigint NOT NULL DEFAULT 0,
	vectors bigint NOT NULL DEFAULT 0,
	tokens bigint NOT NULL DEFAULT 0,
	keyword_tokens bigint NOT NULL DEFAULT 0
);
CREATE TABLE md_vector.documents (
	id bigserial PRIMARY KEY,
	collection_id bigint NOT NULL REFERENCES md_vector.collections (id) ON DELETE CASCADE,
	file_name text COLLATE "C" NOT NULL,
	source_path text,
	title text NOT NULL,
	tags jsonb NOT NULL,
	content_hash text NOT NULL,
	byte_size bigint NOT NULL,
	chunk_count integer NOT NULL,
	ingested_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (collection_id, file_name)
);
CREATE TABLE md_vector.chunks (
	id bigserial PRIMARY KEY,
	document_id bigint NOT NULL,
	collection_id bigint NOT NULL,
	chunk_id text NOT NULL,
	ordinal integer NOT NULL,
	section_title text NOT NULL,
	heading_level integer NOT NULL,
	heading_path jsonb NOT NULL,
	content text NOT NULL,
	start_line integer NOT NULL,
	end_line integer NOT NULL,
	text_hash text NOT NULL,
	tokens integer NOT NULL,
	keyword_length integer NOT NULL,
	embedding vector
);
CREATE INDEX chunks_of_document ON md_vector.chunks (document_id, ordinal);
CREATE INDEX chunks_by_hash ON md_vector.chunks (collection_id, text_hash) WHERE embedding IS NOT NULL;
CREATE INDEX chunks_missing_vectors ON md_vector.chunks (collection_id, id) WHERE embedding IS NULL;
CREATE INDEX chunks_of_collection ON md_vector.chunks (collection_id);
CREATE TABLE md_vector.postings (
	collection_id bigint NOT NULL,
	term text NOT NULL,
	chunk_id bigint NOT NULL,
	document_id bigint NOT NULL,
	title_count integer NOT NULL,
	headings_count integer NOT NULL,
	body_count integer NOT NULL,
	chunk_length integer NOT NULL,
	PRIMARY KEY (collection_id, term, chunk_id) INCLUDE (title_count, headings_count, body_count, chunk_length)
);
CREATE INDEX postings_of_document ON md_vector.postings (document_id);
`,
	},
	{
		// Folder sources (docs/sync-design.md): a collection's folders, and each document's place in one; the text a
		// document was indexed from, for \`get\`.
		version: 2,
		sql: `
CREATE TABLE md_vector.sources (
	id bigserial PRIMARY KEY,
	collection_id bigint NOT NULL REFERENCES md_vector.collections (id) ON DELETE CASCADE,
	path text COLLATE "C" NOT NULL,
	label text COLLATE "C" NOT NULL,
	include jsonb NOT NULL,
	exclude jsonb NOT NULL,
	ignore_files boolean NOT NULL,
	hidden boolean NOT NULL,
	watch boolean NOT NULL,
	added_at text NOT NULL,
	last_sync_at text,
	last_sync jsonb,
	UNIQUE (collection_id, path),
	UNIQUE (collection_id, label)
);
ALTER TABLE md_vector.documents ADD COLUMN source_id bigint REFERENCES md_vector.sources (id),
	ADD COLUMN relative_path text, ADD COLUMN mtime_ms float8, ADD COLUMN text text;
CREATE INDEX documents_of_source ON md_vector.documents (source_id) WHERE source_id IS NOT NULL;
`,
	},
	{
		// BM25's document frequency is counted over every collection (keyword-bm25.ts): postings by term alone.
		version: 3,
		sql: 'CREATE INDEX postings_by_term ON md_vector.postings (term);',
	},
	{
		// Speed (bench/RESULTS.md, issue 27). Vectors inline in their row (MAIN: kept in the row, moved out only
		// if a row could not fit a page otherwise): a row with text and a 384-dimension vector is above the 2 kB
		// at which PostgreSQL moves its largest value out of line, which was the vector, so every exact scan
		// fetched each vector from the TOAST table; the chunk's text moves out instead. Vectors already stored are
		// rewritten (a value written anew is stored by the new rule). Document frequency is counted per collection
		// on the primary key (keyword-bm25.ts), so the index by term alone, one more to write per posting, goes.
		version: 4,
		sql: `
ALTER TABLE md_vector.chunks ALTER COLUMN embedding SET STORAGE MAIN;
UPDATE md_vector.chunks SET embedding = embedding::text::vector WHERE embedding IS NOT NULL;
DROP INDEX md_vector.postings_by_term;
`,
	},
	{
		// The job board (job-board.ts): every daemon's directory ingestions and updates, so that any daemon of the
		// database answers for a job: the job as the API shows it, kept up to date by the daemon running it.
		version: 5,
		sql: `
CREATE TABLE md_vector.jobs (
	id uuid PRIMARY KEY,
	state text NOT NULL,
	job jsonb NOT NULL,
	cancel_requested boolean NOT NULL DEFAULT false,
	updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_by_age ON md_vector.jobs (updated_at);
`,
	},
	{
		// Each document's file stamp (files/file-stamp.ts: size on disk and inode change time beside the mtime), so
		// whether a file changed is told without reading it.
		version: 6,
		sql: 'ALTER TABLE md_vector.documents ADD COLUMN file_size bigint, ADD COLUMN ctime_ms float8;',
	},
	{
		// Front matter per document, shown by get and matched by search filters (meta_pairs: document-filter.ts,
		// matched by containment through the GIN index). Documents stored before get theirs at their next re-ingest.
		// (7 is another change's number.)
		version: 8,
		sql: `ALTER TABLE md_vector.documents ADD COLUMN meta jsonb NOT NULL DEFAULT '{}', ADD COLUMN meta_pairs jsonb NOT NULL DEFAULT '[]';
CREATE INDEX documents_meta_pairs ON md_vector.documents USING gin (meta_pairs);`,
	},
	{
		// Switching a collection's model in place (issue 35, model-switches.ts): the switch under way (its target
		// fingerprint) and the target's vectors beside the live ones, kept in the row like them (MAIN), with the
		// distribution column; the swap moves them into chunks.embedding in one transaction.
		version: 9,
		sql: `
CREATE TABLE md_vector.model_switches (
	collection_id bigint PRIMARY KEY REFERENCES md_vector.collections (id) ON DELETE CASCADE,
	model_id text NOT NULL,
	dims integer NOT NULL,
	started_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE md_vector.switch_vectors (
	chunk_id bigint PRIMARY KEY,
	document_id bigint NOT NULL,
	collection_id bigint NOT NULL REFERENCES md_vector.collections (id) ON DELETE CASCADE,
	embedding vector NOT NULL
);
ALTER TABLE md_vector.switch_vectors ALTER COLUMN embedding SET STORAGE MAIN;
CREATE INDEX switch_vectors_of_collection ON md_vector.switch_vectors (collection_id);
`,
	},
	{
		// Search answered from indexes (issue 37). `words`: the words phrases compare, with their positions
		// (words-vector.ts), so phrases and exclusions are tsquery matches through the GIN index; NULL for a chunk
		// written before (or past PostgreSQL's position limits), whose text a search checks instead, until the daemon
		// fills it in (words-backfill.ts). `boilerplate`: decided when the chunk is written (search/boilerplate.ts), so
		// hybrid search demotes boilerplate without reading the text; NULL: not decided yet (filled in likewise).
		version: 10,
		sql: `ALTER TABLE md_vector.chunks ADD COLUMN words tsvector, ADD COLUMN boilerplate boolean;
CREATE INDEX chunks_words ON md_vector.chunks USING gin (words);
CREATE INDEX chunks_words_missing ON md_vector.chunks (collection_id, id) WHERE words IS NULL;
CREATE INDEX chunks_unmarked ON md_vector.chunks (id) WHERE boilerplate IS NULL;`,
	},
	{
		// Document frequencies kept between keyword searches (document-frequencies.ts) are exact while the collection's
		// postings are those they were counted from: every write of postings bumps this in its transaction (addTotals).
		version: 11,
		sql: 'ALTER TABLE md_vector.collection_totals ADD COLUMN postings_version bigint NOT NULL DEFAULT 0;',
	},
	{
		// A keyword search reads each term's postings by the primary key, with the document id beside what it scores
		// (keyword-bm25.ts): in the index too, those reads are index-only scans, no visit to the table's page of each
		// posting (at 94k chunks, a keyword search's p50 9.9 -> 8.3 ms; bench/RESULTS.md, issue 37). The index is
		// rebuilt once, the table locked meanwhile (~5 s for 4.5 million postings).
		version: 12,
		sql: `ALTER TABLE md_vector.postings DROP CONSTRAINT postings_pkey,
	ADD PRIMARY KEY (collection_id, term, chunk_id) INCLUDE (document_id, title_count, headings_count, body_count, chunk_length);`,
	},
];

/** The newest schema this version of md-vector knows. */
export const schemaVersion = migrations.at(-1)!.version;
