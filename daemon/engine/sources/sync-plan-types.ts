// What a sync plans over and what its plan holds (sync-plan.ts makes it, pair-moves.ts pairs its moves, apply-sync.ts carries it out).

/** A Markdown file of a source as found on disk. */
export type DiskFile = {
	readonly sourceId: number;
	/** POSIX path relative to the source's root: the document's identity within its source. */
	readonly relativePath: string;
	/** Where it is: compared with a loose document's recorded path to adopt it. */
	readonly absolutePath: string;
	/** The name it should be stored under (see document-names.ts). */
	readonly name: string;
	readonly contentHash: string;
};

/** A document in the store. Loose documents (one-file ingests, inline content) have no source. */
export type StoredDocument = {
	readonly name: string;
	readonly contentHash: string;
	readonly sourceId: number | null;
	readonly relativePath: string | null;
	/** The file it was read from (absolute, resolved), null for inline content. */
	readonly sourcePath: string | null;
};

/** A file matched to a stored document. `adopted`: the document was loose and now belongs to the file's source. */
export type Matched = DiskFile & {readonly previousName: string; readonly adopted: boolean};

/** A document whose file moved on disk (a new path, maybe in another folder); `edited`: its text changed too. */
export type Moved = Matched & {readonly edited: boolean};

/** A file left alone because its name is taken: by another file of this sync, a loose document, or another source's document. */
export type Conflict = DiskFile & {readonly reason: string; readonly holder: 'sync' | 'loose' | 'source'};

export type SyncPlan = {
	/** New files: ingest. */
	readonly added: readonly DiskFile[];
	/** Content changed at the same place (maybe under a new name: relabelled, adopted): re-ingest, reusing the vectors of unchanged chunks. */
	readonly changed: readonly Matched[];
	/** Files found at a new path: the document follows its file, keeping its vectors (an edited one is then re-ingested). */
	readonly moved: readonly Moved[];
	/** Same file, same content, new name (relabelled, adopted): rename, keeping every vector. */
	readonly renamed: readonly Matched[];
	/** Gone from disk: delete. Never silent: every one is reported. */
	readonly removed: readonly StoredDocument[];
	readonly unchanged: readonly Matched[];
	/** Files whose name belongs to a document outside the sync (loose, or another source): left alone. */
	readonly conflicts: readonly Conflict[];
};
