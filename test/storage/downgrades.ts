// Stores taken back to an older schema, for the tests of their migrations.

/** What schema 8 added to the SQLite store (the counts' covering index): back to schema 7. */
export const downgradeSqliteTo7 = 'DROP INDEX chunks_counts; PRAGMA user_version = 7;';

/** What schemas 7 (chunk keys, keyword totals, the words table) and 8 added to the SQLite store: back to schema 6. */
export const downgradeSqliteTo6 = `${downgradeSqliteTo7} DROP TABLE chunk_keys; DROP TABLE keyword_totals; DROP TABLE chunks_words; PRAGMA user_version = 6;`;

/** What schemas 6 (model switches), 7 and 8 added to the SQLite store: back to schema 5. */
export const downgradeSqliteTo5 = `${downgradeSqliteTo6} DROP TABLE switch_vectors; DROP TABLE model_switches; PRAGMA user_version = 5;`;

/** What migration 12 changed in PostgreSQL (the postings' key holds their document id too): back to 11. */
export const downgradePostgresTo11 = `ALTER TABLE md_vector.postings DROP CONSTRAINT postings_pkey,
	ADD PRIMARY KEY (collection_id, term, chunk_id) INCLUDE (title_count, headings_count, body_count, chunk_length);
DELETE FROM md_vector.schema_migrations WHERE version > 11;`;

/** What migrations 11 (each collection's postings version) and 12 added to PostgreSQL: back to 10. */
export const downgradePostgresTo10 = `${downgradePostgresTo11} ALTER TABLE md_vector.collection_totals DROP COLUMN postings_version; DELETE FROM md_vector.schema_migrations WHERE version > 10;`;

/** What migrations 10 (each chunk's words and boilerplate flag), 11 and 12 added to PostgreSQL: back to 9. */
export const downgradePostgresTo9 = `${downgradePostgresTo10} DROP INDEX md_vector.chunks_words; DROP INDEX md_vector.chunks_words_missing; DROP INDEX md_vector.chunks_unmarked; ALTER TABLE md_vector.chunks DROP COLUMN words, DROP COLUMN boilerplate; DELETE FROM md_vector.schema_migrations WHERE version > 9;`;

/** What migrations 9 (model switches) and 10 to 12 added to PostgreSQL: back to 8. */
export const downgradePostgresTo8 = `${downgradePostgresTo9} DROP TABLE md_vector.switch_vectors; DROP TABLE md_vector.model_switches; DELETE FROM md_vector.schema_migrations WHERE version > 8;`;
