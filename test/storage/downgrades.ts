// Stores taken back to an older schema, for the tests of their migrations.

/** What schema 6 added to the SQLite store (chunk keys, keyword totals, the words table). */
export const downgradeSqliteTo5 = 'DROP TABLE chunk_keys; DROP TABLE keyword_totals; DROP TABLE chunks_words; PRAGMA user_version = 5;';

/** What migration 9 added to PostgreSQL (each chunk's words and boilerplate flag). */
export const downgradePostgresTo8 = 'DROP INDEX md_vector.chunks_words; DROP INDEX md_vector.chunks_words_missing; DROP INDEX md_vector.chunks_unmarked; ALTER TABLE md_vector.chunks DROP COLUMN words, DROP COLUMN boilerplate; DELETE FROM md_vector.schema_migrations WHERE version > 8;';
