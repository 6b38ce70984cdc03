// The search of every front door: which collections, the caller's permission on each, and the engine's one
// ranking, whose hits say whether their file changed on disk (decided by the engine once per query, from file
// stamps). REST and MCP shape the same answer (to-wire/search.ts), each with its own field names.
import type {SearchInput} from '../../common/search-contract.js';
import type {Engine} from '../engine/engine.js';
import type {SearchHit, SearchOutcome} from '../engine/search/types.js';
import type {Actor} from './actor.js';
import {onCollections, usableCollections} from './collection-choice.js';
import {notFound} from './errors.js';
import {operations} from './operations.js';

/** The whole search request, in domain terms (what the user did not choose is left out: the engine's defaults apply). */
export type SearchQuery = Omit<SearchInput, 'collection' | 'collections'> & {
	/** The collections named, or 'all': every collection the caller may search. */
	readonly collections: readonly string[] | 'all';
};

/** The search's hits, each saying whether its file changed since it was indexed (null: sent inline, never read from disk). */
export type SearchAnswer = Omit<SearchOutcome, 'results'> & {readonly results: ReadonlyArray<SearchHit & {readonly changedOnDisk: boolean | null}>};

const permission = operations.search;

export async function search(engine: Engine, actor: Actor, query: SearchQuery): Promise<SearchAnswer> {
	const {collections, ...input} = query;
	actor.require(permission); // a caller without the permission anywhere is refused before anything is read
	const names = collections === 'all' ? await usableCollections(engine, actor, permission) : [...new Set(collections)];
	if (names.length === 0) {
		throw notFound('nothing to search: no collection exists that this caller may search (ingest documents first)');
	}

	const outcome = await onCollections(engine, actor, permission, names, async () => engine.search({...input, collections: names}));
	return {...outcome, results: outcome.results.map(hit => ({...hit, changedOnDisk: hit.changedOnDisk ?? null}))};
}
