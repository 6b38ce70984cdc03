import type {SearchMode} from '../../../common/search-contract.js';

export type {SearchMode, SearchRequest} from '../../../common/search-contract.js';

/** A hit, as the engine answers it (daemon/wire/search.ts shapes it for the API). */
export type SearchHit = {
	readonly id: string;
	readonly content: string;
	readonly sourceFile: string;
	readonly sectionTitle: string;
	readonly headingLevel: number;
	readonly score: number;
	readonly headingPath: readonly string[];
	readonly startLine: number;
	readonly endLine: number;
	/** Where the daemon read the file from (ingest by path or directory); null for content sent inline. */
	readonly sourcePath: string | null;
};

export type SearchOutcome = {
	readonly results: SearchHit[];
	readonly collection: string;
	readonly mode: SearchMode;
	/** Set when the request could not be served as asked (hybrid without vectors: keyword only). */
	readonly notice?: string;
	/** Milliseconds in each stage (they overlap) and in all. */
	readonly timings: {readonly embed: number; readonly vector: number; readonly keyword: number; readonly total: number};
};
