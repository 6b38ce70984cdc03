import type Database from 'better-sqlite3';
import {invalidInput, switchGone} from '../../../errors.js';
import {sameFingerprint} from '../../fingerprint.js';
import type {Fingerprint, ModelSwitch, SwapOutcome} from '../../types.js';
import {encodeVector} from '../../vector-codec.js';
import type {CollectionRow} from './types.js';
import {writeTransaction} from './write-transaction.js';

type SwitchRow = {collectionId: number; collection: string; from: string | null; modelId: string; dims: number; startedAt: string};

const switchColumns = 's.collection_id AS collectionId, c.name AS collection, c.model_id AS "from", s.model_id AS modelId, s.dims, s.started_at AS startedAt';

/**
 * A collection's switch to another model on the embedded store (schema 6): the switch under way in
 * `model_switches`, the target's vectors in `switch_vectors` beside the live ones in chunks.vector (a chunk's go
 * with it, by cascade). Each call is one transaction; the swap moves the target's vectors into chunks.vector and
 * records the new fingerprint in the same transaction, after checking that every chunk has one.
 */
export class ModelSwitchRows {
	private readonly sql;

	constructor(private readonly db: Database.Database) {
		this.sql = {
			all: db.prepare(`SELECT ${switchColumns} FROM model_switches s JOIN collections c ON c.id = s.collection_id ORDER BY c.name`),
			of: db.prepare(`SELECT ${switchColumns} FROM model_switches s JOIN collections c ON c.id = s.collection_id WHERE s.collection_id = ?`),
			begin: db.prepare('INSERT OR REPLACE INTO model_switches (collection_id, model_id, dims, started_at) VALUES (?, ?, ?, ?)'),
			end: db.prepare('DELETE FROM model_switches WHERE collection_id = ?'),
			done: db.prepare('SELECT count(*) AS count FROM switch_vectors WHERE collection_id = ?'),
			total: db.prepare('SELECT count(*) AS count FROM chunks WHERE collection_id = ?'),
			discard: db.prepare('DELETE FROM switch_vectors WHERE collection_id = ?'),
			// Rowids only grow: a pass from the last rowid on also meets the chunks written since it began.
			pending: db.prepare(`SELECT c.id, c.heading_path, c.content FROM chunks c WHERE c.collection_id = ? AND c.id > ?
				AND NOT EXISTS (SELECT 1 FROM switch_vectors s WHERE s.chunk_id = c.id) ORDER BY c.id LIMIT ?`),
			missing: db.prepare('SELECT count(*) AS count FROM chunks c WHERE c.collection_id = ? AND NOT EXISTS (SELECT 1 FROM switch_vectors s WHERE s.chunk_id = c.id)'),
			// Only a chunk that still exists, in this collection, gets one.
			set: db.prepare('INSERT OR REPLACE INTO switch_vectors (chunk_id, collection_id, vector) SELECT id, collection_id, ? FROM chunks WHERE id = ? AND collection_id = ?'),
			swap: db.prepare('UPDATE chunks SET vector = (SELECT s.vector FROM switch_vectors s WHERE s.chunk_id = chunks.id) WHERE collection_id = ?'),
			fingerprint: db.prepare('UPDATE collections SET model_id = ?, dims = ?, vector_generation = vector_generation + 1 WHERE id = ?'),
		};
	}

	/** Every switch under way, with its progress. */
	list(): ModelSwitch[] {
		return (this.sql.all.all() as SwitchRow[]).map(row => this.withProgress(row));
	}

	of(collectionId: number): ModelSwitch | undefined {
		const row = this.sql.of.get(collectionId) as SwitchRow | undefined;
		return row && this.withProgress(row);
	}

	begin(collection: CollectionRow, target: Fingerprint): ModelSwitch {
		return writeTransaction(this.db, () => {
			const current = this.of(collection.id);
			if (current && sameFingerprint(current.target, target)) {
				return current;
			}

			this.sql.discard.run(collection.id); // vectors of an earlier target
			this.sql.begin.run(collection.id, target.modelId, target.dims, new Date().toISOString());
			return this.of(collection.id)!;
		});
	}

	pending(collectionId: number, after: number, limit: number): Array<{rowid: number; text: string}> {
		return (this.sql.pending.all(collectionId, after, limit) as Array<{id: number; heading_path: string; content: string}>)
			.map(row => ({rowid: row.id, text: `${(JSON.parse(row.heading_path) as string[]).join(' > ')}\n\n${row.content}`}));
	}

	set(collection: CollectionRow, target: Fingerprint, vectors: ReadonlyArray<{rowid: number; vector: Float32Array}>): number {
		return writeTransaction(this.db, () => {
			this.requireTarget(collection, target);
			let stored = 0;
			for (const {rowid, vector} of vectors) {
				if (vector.length !== target.dims) {
					throw invalidInput(`chunk ${rowid}: a vector has ${vector.length} dimensions; ${target.modelId} makes ${target.dims}`);
				}

				stored += this.sql.set.run(encodeVector(vector), rowid, collection.id).changes;
			}

			return stored;
		});
	}

	/** The swap (storage.ts completeModelSwitch), in one transaction. */
	complete(collection: CollectionRow, target: Fingerprint): SwapOutcome {
		return writeTransaction(this.db, (): SwapOutcome => {
			this.requireTarget(collection, target);
			const missing = (this.sql.missing.get(collection.id) as {count: number}).count;
			if (missing > 0) {
				return {swapped: false, missing};
			}

			this.sql.swap.run(collection.id);
			this.sql.discard.run(collection.id);
			this.sql.fingerprint.run(target.modelId, target.dims, collection.id);
			this.sql.end.run(collection.id);
			return {swapped: true};
		});
	}

	cancel(collectionId: number): boolean {
		return writeTransaction(this.db, () => {
			this.sql.discard.run(collectionId);
			return this.sql.end.run(collectionId).changes > 0;
		});
	}

	private requireTarget(collection: CollectionRow, target: Fingerprint): void {
		const current = this.sql.of.get(collection.id) as SwitchRow | undefined;
		if (!current || !sameFingerprint(current, target)) {
			throw switchGone(`collection '${collection.name}' is not switching to ${target.modelId} any more`);
		}
	}

	private withProgress(row: SwitchRow): ModelSwitch {
		return {
			collectionId: row.collectionId, collection: row.collection, from: row.from, target: {modelId: row.modelId, dims: row.dims}, startedAt: row.startedAt,
			done: (this.sql.done.get(row.collectionId) as {count: number}).count, total: (this.sql.total.get(row.collectionId) as {count: number}).count,
		};
	}
}
