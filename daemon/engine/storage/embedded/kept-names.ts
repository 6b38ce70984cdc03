// The documents a search's path globs keep, on the embedded store: matched here, in slices under a budget
// (common/glob/match-budget.ts), then handed to the store's statements as a set (filtered-reads.ts). Matched
// inside a statement instead (SQLite's REGEXP), a hostile glob held the main thread for the whole statement:
// `*a` x7 + `*b` over names of 60 a's took 30.6 s, and /health waited (issue 34).
import {MatchBudget, MatchBudgetError, namesMatching} from '../../../../common/glob/match-budget.js';
import {nameGlobMatcher} from '../../../../common/glob/name-glob.js';
import {GlobError} from '../../../../common/glob/glob-limits.js';
import {invalidInput} from '../../errors.js';
import type {SearchFilter} from '../document-filter.js';

/** One search passes the same filter to its keyword and vector halves: its names are matched once per collection. */
const matched = new WeakMap<SearchFilter, Map<number, Promise<ReadonlySet<string>>>>();

/**
 * The names of a collection (`names`) the filter's path globs keep. Pass the search's own filter object, not a copy:
 * it is the key its halves share.
 */
export async function keptNames(filter: SearchFilter, collectionId: number, names: () => readonly string[]): Promise<ReadonlySet<string>> {
	let byCollection = matched.get(filter);
	if (!byCollection) {
		byCollection = new Map();
		matched.set(filter, byCollection);
	}

	let kept = byCollection.get(collectionId);
	if (!kept) {
		kept = match(filter.paths ?? [], names());
		byCollection.set(collectionId, kept);
	}

	return kept;
}

async function match(paths: readonly string[], names: readonly string[]): Promise<ReadonlySet<string>> {
	try {
		return new Set(await namesMatching(names, paths.map(glob => nameGlobMatcher(glob)), new MatchBudget()));
	} catch (error) {
		if (error instanceof GlobError || error instanceof MatchBudgetError) {
			throw invalidInput(`filter.paths: ${error.message}`);
		}

		throw error;
	}
}
