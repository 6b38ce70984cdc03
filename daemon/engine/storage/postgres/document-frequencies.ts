/**
 * BM25's document frequencies (per collection, the chunks holding a term) as keyword searches counted them, kept
 * between searches with the collection's postings version they were counted at (collection_totals.postings_version:
 * every write of postings bumps it in its transaction, collections.ts addTotals). The keyword statement uses a kept
 * count only where the version it reads, in its own snapshot, is that one, and counts the others (keyword-bm25.ts):
 * exact whoever wrote since, this daemon or another. Counting a term's postings grows with the collection (a few
 * tenths of a millisecond per term at 31k chunks, three times that at 100k).
 */
export class DocumentFrequencies {
	readonly #collections = new Map<number, {version: number; counts: Map<string, number>}>();

	/**
	 * The statement's parameters for these collections and terms: per collection the version its kept counts are
	 * of (-1: none), and per term then collection (term-major) the kept count, or null.
	 */
	parameters(collectionIds: readonly number[], terms: readonly string[]): {versions: number[]; counts: Array<number | null>} {
		const kept = collectionIds.map(id => this.#collections.get(id));
		return {
			versions: kept.map(entry => entry?.version ?? -1),
			counts: terms.flatMap(term => kept.map(entry => entry?.counts.get(term) ?? null)),
		};
	}

	/**
	 * Keeps what a statement read: per collection the version it saw (null: the collection is gone), and per term the
	 * count it used in each collection. A statement of an older snapshot than what is kept teaches nothing.
	 */
	learn(collectionIds: readonly number[], versions: ReadonlyArray<number | null>, counts: Readonly<Record<string, readonly number[]>>): void {
		for (const [at, id] of collectionIds.entries()) {
			const version = versions[at];
			if (version === null || version === undefined) {
				this.#collections.delete(id);
				continue;
			}

			let entry = this.#collections.get(id);
			if (!entry || entry.version < version) {
				entry = {version, counts: new Map()};
				this.#collections.set(id, entry);
			}

			if (entry.version !== version) {
				continue;
			}

			if (entry.counts.size >= maxTerms) {
				entry.counts.clear();
			}

			for (const [term, perCollection] of Object.entries(counts)) {
				entry.counts.set(term, perCollection[at]!);
			}
		}
	}
}

/** Past this many terms a collection's counts start over (memory stays small; a count is a lookup to make again). */
const maxTerms = 100_000;
