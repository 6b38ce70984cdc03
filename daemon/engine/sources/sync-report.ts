// What a sync of folder sources did, in the engine's words (docs/sync-design.md). daemon/to-wire/sync.ts maps it
// to the API's report (common/wire/sync.ts), which `ingest-dir`, `update`, `watch` and `--json` show. Deletions
// are never silent: each removed name is listed.

/** One source's part of a sync. */
export type SourceSyncReport = {
	readonly path: string;
	readonly label: string;
	readonly added: readonly string[];
	readonly changed: readonly string[];
	/** Files found at a new path (moved or renamed on disk): the document follows, vectors kept; `edited`: its text changed too. */
	readonly moved: ReadonlyArray<{readonly from: string; readonly to: string; readonly edited: boolean}>;
	/** The same file under a new name (the collection's labels changed); `adopted`: a document ingested on its own now belongs to this source. */
	readonly renamed: ReadonlyArray<{readonly from: string; readonly to: string; readonly adopted: boolean}>;
	readonly removed: readonly string[];
	/** A count: listing thousands of untouched names helps no one. */
	readonly unchanged: number;
	readonly failed: ReadonlyArray<{readonly file: string; readonly error: string}>;
	/** Files left alone because their name belongs to another document (a loose one, or another source's). */
	readonly conflicts: ReadonlyArray<{readonly file: string; readonly reason: string}>;
	/** Entries the walk left out, by reason (hidden, ignored, not_markdown, too_large, symlink_outside...). */
	readonly skipped: Readonly<Record<string, number>>;
	/** A few names of each reason's entries. */
	readonly skippedExamples: Readonly<Record<string, readonly string[]>>;
	/** Why the source was not synced (its folder is missing...): nothing of it was removed. Null when it was. */
	readonly error: string | null;
};

export type CollectionSyncReport = {
	readonly collection: string;
	readonly sources: readonly SourceSyncReport[];
};

export type SyncReport = {readonly collections: readonly CollectionSyncReport[]};
