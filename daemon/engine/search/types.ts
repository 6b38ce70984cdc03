import type {SearchMode} from '../../../common/search-contract.js';
import type {StoredChunk} from '../storage/types.js';

export type {SearchMode, SearchRequest} from '../../../common/search-contract.js';

/** A hit, as the engine answers it: the stored chunk and its score (daemon/to-wire/search.ts shapes it for the API). */
export type SearchHit = StoredChunk & {
	/** Rounded to 6 decimals; what it means depends on the mode (docs/http-api.md, "search"). */
	readonly score: number;
	/** The collection it was found in. */
	readonly collection: string;
};

/** Milliseconds spent in each stage of a search (the stages overlap) and in all. */
export type SearchTimings = Readonly<Record<'embed' | 'vector' | 'keyword' | 'total', number>>;

export type SearchOutcome = {
	/** The collection searched, or '*' for several. */
	readonly collection: string;
	/** Every collection searched. */
	readonly collections: readonly string[];
	/** The mode asked for; `notice` says why another one served it, if one did. */
	readonly mode: SearchMode;
	readonly notice?: string;
	/** Best first. */
	readonly results: SearchHit[];
	readonly timings: SearchTimings;
};
