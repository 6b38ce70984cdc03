import type {SearchMode} from '../../../common/search-contract.js';
import type {StoredChunk} from '../storage/types.js';
import type {HitExplain} from './explain.js';

export type {SearchMode, SearchRequest} from '../../../common/search-contract.js';

/** A hit, as the engine answers it: the stored chunk (storage/types.ts, StoredChunk), its collection and its score (daemon/to-wire/search.ts makes it the API's SearchResult). */
export type SearchHit = StoredChunk & {
	/** Rounded to 6 decimals; what it means depends on the mode (docs/http-api.md, "search"). */
	readonly score: number;
	/** The collection it was found in. */
	readonly collection: string;
	/**
	 * Whether its file changed on disk since it was indexed (documents/changed-on-disk.ts): set by Engine.search,
	 * once per query; null when it was sent inline, undefined before the engine decided it.
	 */
	readonly changedOnDisk?: boolean | null;
	/** How it ranked, when the search asked (explain). */
	readonly explain?: HitExplain;
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
