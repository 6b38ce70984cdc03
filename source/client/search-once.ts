import {searchDefaults as contractDefaults, searchLimits, type Fusion, type SearchMode} from '../../common/search-defaults.js';
import {queryProblem} from '../../common/query-syntax.js';
import type {SearchFilter} from '../../common/search/filter-words.js';
import type {SearchResponse} from './api-types.js';
import {DaemonError, UsageError} from './client-errors.js';
import {modelAdvice} from './model-check.js';
import type {DaemonClient} from './daemon-client.js';
import {waitForModel} from './wait-for-model.js';

export {fusions, searchModes} from '../../common/search-defaults.js';

/** The search command's defaults as its options take them (-k is parsed from text), for the Ink command and the --json fast path. */
export const searchDefaults = {...contractDefaults, topK: String(contractDefaults.topK)};

export type SearchOptions = {
	readonly topK: string;
	readonly mode: SearchMode;
	readonly collection: string;
	/** More than one -C: these collections, one ranking; `all`: every collection. */
	readonly collections?: readonly string[];
	readonly all?: boolean;
	readonly collapse: boolean;
	readonly fusion: Fusion;
	/** --min-score as typed (checked by the command table); undefined: none. */
	readonly minScore?: string;
	readonly explain?: boolean;
	/** Only these documents (--path, --where). */
	readonly filter?: SearchFilter;
	/** Hears a notice for the user: the running daemon's model is not the one this command's settings choose. */
	readonly onNotice?: (line: string) => void;
};

/** One search as the CLI runs it (both the Ink command and the --json fast path): checks -k, waits for the model. */
export async function searchOnce(client: DaemonClient, query: string, options: SearchOptions): Promise<SearchResponse> {
	const topK = Number(options.topK);
	if (!Number.isInteger(topK) || topK < searchLimits.topKMin || topK > searchLimits.topKMax) {
		throw new UsageError(`-k must be a whole number from ${searchLimits.topKMin} to ${searchLimits.topKMax}, got '${options.topK}'`);
	}

	const problem = queryProblem(query);
	if (problem) {
		throw new UsageError(`the query ${problem}`);
	}

	const health = options.mode === 'keyword' ? undefined : await waitForModel(client, {onNotice: options.onNotice});
	try {
		const response = await client.search({
			query, top_k: topK, mode: options.mode, collapse: options.collapse || undefined,
			...(options.all ? {all: true} : (options.collections && options.collections.length > 1 ? {collections: options.collections} : {collection: options.collection})),
			fusion: options.mode === 'hybrid' ? options.fusion : undefined,
			...(options.minScore === undefined ? {} : {min_score: Number(options.minScore)}),
			...(options.explain ? {explain: true} : {}),
			...(options.filter ? {filter: options.filter} : {}),
		});
		return response.notice ? {...response, notice: modelAdvice(response.notice, health)} : response;
	} catch (error) {
		// No model: the daemon's advice, fitted to this command's settings (restart, rather than set what is set).
		throw error instanceof DaemonError && error.status === 503 ? new DaemonError(error.status, error.code, modelAdvice(error.message, health)) : error;
	}
}
