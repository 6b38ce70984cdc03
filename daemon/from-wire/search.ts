// A search as the API's body and the search tool's arguments give it (the search contract's fields, under the
// same names on both doors), as the search use case takes it: one mapping, so the doors cannot drift apart.
import {fromSearchBody, type SearchBody} from '../../common/search-contract.js';
import type {SearchQuery} from '../use-cases/search.js';

/**
 * `unnamed`: what a search that names no collection searches: REST's `default` (the spec's default), the search
 * tool's 'all' (every collection the caller may search).
 */
export function toSearchQuery(body: SearchBody, unnamed: 'all' | readonly [string]): SearchQuery {
	const {collection, collections, ...input} = fromSearchBody(body);
	const named = collections ?? (collection === undefined ? undefined : [collection]);
	return {...input, collections: body.all ? 'all' : named ?? unnamed};
}
