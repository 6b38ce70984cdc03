import type {BackgroundProblems} from '../../../background-problems.js';
import {vectorRule} from '../../vector-rules.js';

/**
 * Stored vectors left out of a collection's index because they are unusable (vector-rules.ts): let in by an
 * older version, or made broken by a model. Keyword search still finds their chunks. They are reported as a
 * problem until their chunks are deleted or replaced.
 */
export class SkippedVectors {
	private readonly byCollection = new Map<string, {rowids: Set<number>; problem: string}>();

	constructor(private readonly problems: BackgroundProblems) {
		// Fields only.
	}

	skipped(collection: string, rowids: readonly number[], problem: string): void {
		const entry = this.byCollection.get(collection) ?? {rowids: new Set<number>(), problem};
		this.byCollection.set(collection, entry);
		for (const rowid of rowids) {
			entry.rowids.add(rowid);
		}

		this.report(collection);
	}

	removed(collection: string, rowids: readonly number[]): void {
		const entry = this.byCollection.get(collection);
		if (!entry) {
			return;
		}

		for (const rowid of rowids) {
			entry.rowids.delete(rowid);
		}

		if (entry.rowids.size === 0) {
			this.byCollection.delete(collection);
		}

		this.report(collection);
	}

	private report(collection: string): void {
		const entry = this.byCollection.get(collection);
		const source = `vectors:${collection}`;
		if (!entry) {
			this.problems.resolve(source);
			return;
		}

		const count = entry.rowids.size;
		this.problems.report(source, `collection '${collection}': ${count} stored ${count === 1 ? 'vector is' : 'vectors are'} unusable (e.g. ${entry.problem}; ${vectorRule}) and left out of semantic search; keyword search still finds ${count === 1 ? 'its chunk' : 'their chunks'}. Re-ingest or delete the documents to clear this.`);
	}
}
