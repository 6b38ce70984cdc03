import type Database from 'better-sqlite3';
import {EngineError, notFound} from '../../../errors.js';
import type {NewSource, Source, SourceChanges, SyncCounts} from '../../types.js';

const columns = `id, path, label, include, exclude, ignore_files AS ignoreFiles, hidden, watch, added_at AS addedAt,
	last_sync_at AS lastSyncAt, last_sync AS lastSync`;

type SourceRow = Omit<Source, 'include' | 'exclude' | 'ignoreFiles' | 'hidden' | 'watch' | 'lastSync'> & {
	include: string; exclude: string; ignoreFiles: number; hidden: number; watch: number; lastSync: string | null;
};

const toSource = (row: SourceRow): Source => ({
	...row,
	include: JSON.parse(row.include) as string[],
	exclude: JSON.parse(row.exclude) as string[],
	ignoreFiles: row.ignoreFiles === 1,
	hidden: row.hidden === 1,
	watch: row.watch === 1,
	lastSync: row.lastSync === null ? null : JSON.parse(row.lastSync) as SyncCounts,
});

const sourceExists = (message: string) => new EngineError('source_exists', 409, message);

/** The sources table: a collection's folders, with their settings and last sync. */
export class SourceRows {
	private readonly sql;

	constructor(db: Database.Database) {
		this.sql = {
			ofCollection: db.prepare(`SELECT ${columns} FROM sources WHERE collection_id = ? ORDER BY label`),
			byId: db.prepare(`SELECT ${columns} FROM sources WHERE collection_id = ? AND id = ?`),
			insert: db.prepare(`INSERT INTO sources (collection_id, path, label, include, exclude, ignore_files, hidden, watch, added_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			taken: db.prepare('SELECT path, label FROM sources WHERE collection_id = ? AND (path = ? OR label = ?) AND id != ?'),
			update: db.prepare(`UPDATE sources SET label = @label, include = @include, exclude = @exclude, ignore_files = @ignoreFiles, hidden = @hidden,
				watch = @watch, last_sync_at = @lastSyncAt, last_sync = @lastSync WHERE id = @id`),
			remove: db.prepare('DELETE FROM sources WHERE id = ?'),
			documentIds: db.prepare('SELECT id FROM documents WHERE source_id = ?'),
		};
	}

	list(collectionId: number): Source[] {
		return (this.sql.ofCollection.all(collectionId) as SourceRow[]).map(row => toSource(row));
	}

	get(collectionId: number, id: number): Source {
		const row = this.sql.byId.get(collectionId, id) as SourceRow | undefined;
		if (!row) {
			throw notFound(`source ${id} does not exist in this collection`);
		}

		return toSource(row);
	}

	add(collectionId: number, source: NewSource): Source {
		this.refuseTaken(collectionId, source.path, source.label, -1);
		const settings = [JSON.stringify(source.include), JSON.stringify(source.exclude), Number(source.ignoreFiles), Number(source.hidden), Number(source.watch)];
		const info = this.sql.insert.run(collectionId, source.path, source.label, ...settings, new Date().toISOString());
		return this.get(collectionId, Number(info.lastInsertRowid));
	}

	update(collectionId: number, id: number, changes: SourceChanges): Source {
		const current = this.get(collectionId, id);
		const next = {...current, ...changes};
		if (changes.label !== undefined) {
			this.refuseTaken(collectionId, '', changes.label, id);
		}

		this.sql.update.run({
			id, label: next.label, include: JSON.stringify(next.include), exclude: JSON.stringify(next.exclude), ignoreFiles: Number(next.ignoreFiles),
			hidden: Number(next.hidden), watch: Number(next.watch), lastSyncAt: changes.lastSync?.at ?? current.lastSyncAt,
			lastSync: JSON.stringify(changes.lastSync?.counts ?? current.lastSync),
		});
		return this.get(collectionId, id);
	}

	/** The ids of the source's documents (deleted by the caller first: their FTS rows go with them). */
	documentIds(id: number): number[] {
		return (this.sql.documentIds.all(id) as Array<{id: number}>).map(row => row.id);
	}

	/** Deletes the row; its documents must be gone (the foreign key refuses otherwise). */
	remove(id: number): void {
		this.sql.remove.run(id);
	}

	private refuseTaken(collectionId: number, path: string, label: string, id: number): void {
		const taken = this.sql.taken.get(collectionId, path, label, id) as {path: string; label: string} | undefined;
		if (taken) {
			throw sourceExists(taken.path === path ? `${path} is already a source of this collection` : `label: '${label}' is taken by the source ${taken.path}`);
		}
	}
}
