import type pg from 'pg';
import {metaPairs, storedMeta} from '../document-filter.js';
import type {DocumentToWrite} from '../types.js';

/**
 * Writes the documents' rows, in the caller's transaction: those stored under their names already are updated
 * in place (their id, and so their kept chunks, stay), the others inserted. One statement each, rows as arrays.
 * Answers every document's id by file name.
 */
export async function upsertDocumentRows(client: pg.ClientBase, collectionId: number, documents: readonly DocumentToWrite[], stored: ReadonlyMap<string, number>): Promise<Map<string, number>> {
	const ids = new Map(stored);
	const fields = (list: readonly DocumentToWrite[]) => [
		list.map(document => document.sourcePath ?? null), list.map(document => document.title), list.map(document => JSON.stringify(document.tags)),
		list.map(document => document.contentHash), list.map(document => document.byteSize), list.map(document => document.chunks.length),
		list.map(document => document.sourceId ?? null), list.map(document => document.relativePath ?? null), list.map(document => document.mtimeMs ?? null),
		list.map(document => document.text ?? null), list.map(document => document.fileSize ?? null), list.map(document => document.ctimeMs ?? null),
		list.map(document => JSON.stringify(storedMeta(document.meta))), list.map(document => JSON.stringify(metaPairs(storedMeta(document.meta)))),
	];
	const columns = 'source_path, title, tags, content_hash, byte_size, chunk_count, source_id, relative_path, mtime_ms, text, file_size, ctime_ms, meta, meta_pairs';
	const types = '$3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::int[], $9::bigint[], $10::text[], $11::float8[], $12::text[], $13::bigint[], $14::float8[], $15::text[], $16::text[]';
	const present = documents.filter(document => stored.has(document.fileName));
	if (present.length > 0) {
		await client.query(`UPDATE md_vector.documents d SET source_path = v.source_path, title = v.title, tags = v.tags::jsonb, content_hash = v.content_hash,
				byte_size = v.byte_size, chunk_count = v.chunk_count, source_id = v.source_id, relative_path = v.relative_path, mtime_ms = v.mtime_ms, text = v.text,
				file_size = v.file_size, ctime_ms = v.ctime_ms, meta = v.meta::jsonb, meta_pairs = v.meta_pairs::jsonb, ingested_at = now()
			FROM unnest($2::bigint[], ${types}) AS v (id, ${columns}) WHERE d.id = v.id AND d.collection_id = $1`, [
			collectionId, present.map(document => stored.get(document.fileName)), ...fields(present),
		]);
	}

	const absent = documents.filter(document => !stored.has(document.fileName));
	if (absent.length > 0) {
		const {rows} = await client.query<{id: number; fileName: string}>(`INSERT INTO md_vector.documents (collection_id, file_name, ${columns})
			SELECT $1, file_name, source_path, title, tags::jsonb, content_hash, byte_size, chunk_count, source_id, relative_path, mtime_ms, text, file_size, ctime_ms, meta::jsonb, meta_pairs::jsonb
			FROM unnest($2::text[], ${types}) AS v (file_name, ${columns})
			RETURNING id, file_name AS "fileName"`, [collectionId, absent.map(document => document.fileName), ...fields(absent)]);
		for (const row of rows) {
			ids.set(row.fileName, row.id);
		}
	}

	return ids;
}
