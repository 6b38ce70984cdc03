// The engine's own words for how a file is ingested and what became of it; daemon/to-wire/jobs.ts maps them to
// the API's (common/wire/jobs.ts), which a job's request and report carry.

/** How an existing document is treated: `incremental` skips it when unchanged, `force` re-embeds every chunk. */
export type IngestMode = 'default' | 'incremental' | 'force';

export type FileOutcome = {
	readonly file: string;
	/** `moved`: a document found at a new path in a folder sync (its vectors kept; re-embedded only where it was edited). */
	readonly status: 'indexed' | 'moved' | 'unchanged' | 'failed';
	readonly chunks: number;
	/** A moved file's previous name. */
	readonly from?: string;
	readonly error?: string;
};
