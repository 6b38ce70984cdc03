// The HTTP API's search answer, as types only: the daemon maps its engine's results to these
// (daemon/to-wire/search.ts) and the CLI reads them, so an engine change never changes the contract silently.
import type {Fusion, SearchMode} from '../search-contract.js';

export type {SearchMode} from '../search-contract.js';

/** A hit: the spec's fields (snake_case), then md-vector's own. */
export type SearchResult = {
	readonly id: string;
	readonly content: string;
	readonly source_file: string;
	readonly section_title: string;
	readonly heading_level: number;
	readonly score: number;
	readonly heading_path: readonly string[];
	readonly start_line: number;
	readonly end_line: number;
	/** Where the daemon read the file from (ingest by path or directory); null for content sent inline. */
	readonly source_path: string | null;
	/** The collection it was found in (a search may span several). */
	readonly collection?: string;
	/** True when the file differs from what was indexed or is gone; null for content sent inline. */
	readonly changed_on_disk?: boolean | null;
	/** How it ranked, when the request asked (explain: true). */
	readonly explain?: SearchExplain;
};

/** A ranking's part in a hit's score: `contribution` is what it added to `score`, `share` that as 0 to 1. */
type RankingPart = {readonly rank: number; readonly contribution: number; readonly share: number};

/** explain: the keyword (BM25) and vector (cosine) rankings' parts; null for one that did not find the hit or did not run. */
export type SearchExplain = {
	readonly keyword: (RankingPart & {readonly score: number}) | null;
	readonly vector: (RankingPart & {readonly similarity: number}) | null;
	/** How they merged (hybrid), else null. */
	readonly fusion: Fusion | null;
};

export type SearchResponse = {
	readonly results: SearchResult[];
	/** The collection searched; '*' when several were (then `collections` lists them). */
	readonly collection: string;
	readonly collections?: readonly string[];
	readonly mode: SearchMode;
	/** Set when the request could not be served as asked (hybrid without vectors: keyword only). */
	readonly notice?: string;
	readonly timings_ms: {readonly embed: number; readonly vector: number; readonly keyword: number; readonly total: number};
};
