import type pg from 'pg';
import {EngineError, notFound} from '../../errors.js';
import type {Collection, NewSource, Source, SourceChanges} from '../types.js';
import {removeDocuments} from './write-documents.js';

type Queryable = Pick<pg.ClientBase, 'query'>;

const columns = `id, path, label, include, exclude, ignore_files AS "ignoreFiles", hidden, watch, added_at AS "addedAt",
	last_sync_at AS "lastSyncAt", last_sync AS "lastSync"`;

const sourceExists = (message: string) => new EngineError('source_exists', 409, message);

/** The collection's folder sources, by label. */
export async function sourcesOf(db: Queryable, collectionId: number): Promise<Source[]> {
	const {rows} = await db.query<Source>(`SELECT ${columns} FROM md_vector.sources WHERE collection_id = $1 ORDER BY label`, [collectionId]);
	return rows;
}

async function sourceById(db: Queryable, collectionId: number, id: number): Promise<Source> {
	const {rows} = await db.query<Source>(`SELECT ${columns} FROM md_vector.sources WHERE collection_id = $1 AND id = $2`, [collectionId, id]);
	if (!rows[0]) {
		throw notFound(`source ${id} does not exist in this collection`);
	}

	return rows[0];
}

/** Refuses a path or label another source of the collection has (the unique constraints would, less clearly). */
async function refuseTaken(db: Queryable, collectionId: number, path: string, label: string, id: number): Promise<void> {
	const {rows: [taken]} = await db.query<{path: string}>('SELECT path FROM md_vector.sources WHERE collection_id = $1 AND (path = $2 OR label = $3) AND id <> $4', [collectionId, path, label, id]);
	if (taken) {
		throw sourceExists(taken.path === path ? `${path} is already a source of this collection` : `label: '${label}' is taken by the source ${taken.path}`);
	}
}

/** Adds a source, in the caller's transaction. */
export async function addSource(client: pg.ClientBase, collectionId: number, source: NewSource): Promise<Source> {
	// Two daemons adding one folder at once: the second waits on the first's row, then is refused by the check or the constraint.
	await client.query('SELECT id FROM md_vector.collections WHERE id = $1 FOR UPDATE', [collectionId]);
	await refuseTaken(client, collectionId, source.path, source.label, -1);
	const {rows: [added]} = await client.query<Source>(
		`INSERT INTO md_vector.sources (collection_id, path, label, include, exclude, ignore_files, hidden, watch, added_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${columns}`,
		[collectionId, source.path, source.label, JSON.stringify(source.include), JSON.stringify(source.exclude), source.ignoreFiles, source.hidden, source.watch, new Date().toISOString()],
	);
	return added!;
}

/** Changes a source's settings or label, or records a sync, in the caller's transaction. */
export async function updateSource(client: pg.ClientBase, collectionId: number, id: number, changes: SourceChanges): Promise<Source> {
	await client.query('SELECT id FROM md_vector.collections WHERE id = $1 FOR UPDATE', [collectionId]);
	const current = await sourceById(client, collectionId, id);
	if (changes.label !== undefined) {
		await refuseTaken(client, collectionId, '', changes.label, id);
	}

	const next = {...current, ...changes};
	const {rows: [updated]} = await client.query<Source>(
		`UPDATE md_vector.sources SET label = $2, include = $3, exclude = $4, ignore_files = $5, hidden = $6, watch = $7, last_sync_at = $8, last_sync = $9
		WHERE id = $1 RETURNING ${columns}`,
		[
			id, next.label, JSON.stringify(next.include), JSON.stringify(next.exclude), next.ignoreFiles, next.hidden, next.watch,
			changes.lastSync?.at ?? current.lastSyncAt, next.lastSync === null ? null : JSON.stringify(changes.lastSync?.counts ?? current.lastSync),
		],
	);
	return updated!;
}

/** Deletes a source and its documents, in the caller's transaction. */
export async function removeSource(client: pg.ClientBase, collection: Collection, id: number): Promise<{documents: number; chunks: number}> {
	await sourceById(client, collection.id, id);
	const {rows} = await client.query<{fileName: string}>('SELECT file_name AS "fileName" FROM md_vector.documents WHERE source_id = $1 ORDER BY file_name', [id]);
	const removed = await removeDocuments(client, collection, rows.map(row => row.fileName));
	await client.query('DELETE FROM md_vector.sources WHERE id = $1', [id]);
	return {documents: removed.documents, chunks: removed.chunks};
}
