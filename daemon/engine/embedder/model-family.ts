/**
 * The families of sentence-embedding models md-vector knows, recognised by the model's name (its hub id or
 * folder name): each family's authors trained it with one pooling and, for retrieval, fixed texts before queries
 * and documents. Using other ones costs quality (measured per family: bench/RESULTS.md, "Defaults per model family").
 */
export type ModelFamily = 'bge' | 'e5' | 'minilm' | 'other';

export type FamilyDefaults = {
	readonly family: ModelFamily;
	readonly pooling: 'cls' | 'mean';
	/** Put before every query. */
	readonly queryPrefix: string;
	/** Put before every document text (chunk) embedded. */
	readonly documentPrefix: string;
};

/** The family of a model reference (`Xenova/bge-small-en-v1.5`, `e5-small-v2`, a folder's name). */
export function modelFamily(id: string): ModelFamily {
	const name = id.toLowerCase().split('/').at(-1)!;
	if (name.includes('bge')) {
		return 'bge';
	}

	if (/(^|[^a-z\d])e5([^a-z\d]|$)/.test(name)) {
		return 'e5';
	}

	return name.includes('minilm') ? 'minilm' : 'other';
}

/**
 * Pooling and prefixes of a model's family, as its model card prescribes and as measured on SciFact and the KEP
 * questions: bge-*-en CLS pooling with its instruction before queries only; e5 mean pooling with `query: ` and
 * `passage: `; MiniLM (sentence-transformers) mean pooling, no prefix. Others: mean pooling, no prefix.
 */
export function familyDefaults(id: string): FamilyDefaults {
	const family = modelFamily(id);
	switch (family) {
		case 'bge': {
			// The English models' retrieval instruction; the Chinese and multilingual ones have others or none.
			const english = /-en(\b|-|$)/.test(id.toLowerCase());
			return {family, pooling: 'cls', queryPrefix: english ? 'Represent this sentence for searching relevant passages: ' : '', documentPrefix: ''};
		}

		case 'e5': {
			return {family, pooling: 'mean', queryPrefix: 'query: ', documentPrefix: 'passage: '};
		}

		case 'minilm':
		case 'other': {
			return {family, pooling: 'mean', queryPrefix: '', documentPrefix: ''};
		}
	}
}
