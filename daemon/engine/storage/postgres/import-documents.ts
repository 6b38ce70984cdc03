import type pg from 'pg';
import type {ImportWrite} from '../storage.js';
import type {Collection, Fingerprint} from '../types.js';
import {ensureCollection} from './collections.js';
import {moveDocuments} from './document-moves.js';
import {addSource, sourcesOf} from './sources.js';
import {writeDocuments} from './write-documents.js';
import {deriveGroup} from './chunk-derivations.js';

/**
 * PostgresStorage.importDocuments' transaction, on `client`: the collection made if new, its sources added, the
 * renames applied, then the groups written one after the other. A group's statements run while the next group is
 * read and its texts worked out (chunk-derivations.ts); a failed group's error is handled at once and thrown
 * where it is awaited: before the next group, or after the last.
 */
export async function importInTransaction(client: pg.ClientBase, name: string, chunkerVersion: number, write: ImportWrite, vectorType: number, fingerprint?: Fingerprint): Promise<Collection> {
	const created = await ensureCollection(client, name, chunkerVersion);
	for (const source of write.sources) {
		await addSource(client, created.id, source);
	}

	if (write.moves.length > 0) {
		await moveDocuments(client, created, [], write.moves);
	}

	let writing: Promise<void> = Promise.resolve();
	try {
		for await (const group of write.groups(await sourcesOf(client, created.id))) {
			const derived = await deriveGroup(group);
			await writing;
			writing = writeDocuments(client, created, group, vectorType, fingerprint, derived);
			writing.catch(() => undefined);
		}
	} finally {
		// Nothing of a group may still run when the transaction ends, or its statements would follow the rollback.
		await writing.catch(() => undefined);
	}

	await writing;
	return created;
}
