import type {SearchMode, SearchResponse} from './api-types.js';
import {UsageError} from './client-errors.js';
import type {DaemonClient} from './daemon-client.js';
import {waitForModel} from './wait-for-model.js';

export const searchModes = ['hybrid', 'semantic', 'keyword'] as const;
export const fusions = ['rrf', 'convex'] as const;

/** The search command's defaults, shared by its Ink command and the --json fast path (which cannot load pastel). */
export const searchDefaults = {topK: '10', mode: 'hybrid', collection: 'default', collapse: false, fusion: 'rrf'} as const;

export type SearchOptions = {
	readonly topK: string;
	readonly mode: SearchMode;
	readonly collection: string;
	readonly collapse: boolean;
	readonly fusion: 'rrf' | 'convex';
};

/** One search as the CLI runs it (both the Ink command and the --json fast path): checks -k, waits for the model. */
export async function searchOnce(client: DaemonClient, query: string, options: SearchOptions): Promise<SearchResponse> {
	const topK = Number(options.topK);
	if (!Number.isInteger(topK) || topK < 1 || topK > 100) {
		throw new UsageError(`-k must be a whole number from 1 to 100, got '${options.topK}'`);
	}

	if (options.mode !== 'keyword') {
		await waitForModel(client);
	}

	return client.search({
		query, top_k: topK, mode: options.mode, collection: options.collection, collapse: options.collapse || undefined,
		fusion: options.mode === 'hybrid' ? options.fusion : undefined,
	});
}
