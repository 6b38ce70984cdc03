import React from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import {argument, option} from 'pastel';
import type {SearchResponse} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {fusions, searchDefaults, searchModes, searchOnce} from '../client/search-once.js';
import {collectionOption, jsonOption} from '../command-options.js';
import {useRun} from '../ui/use-run.js';
import {SearchHit} from '../ui/search-hit.js';

export const description = `Search a collection. Modes: hybrid (default: keyword and vectors fused), semantic, keyword.

Example:
  md-vector search "rotate the api key" -k 5 --mode hybrid -C notes`;

export const options = z.object({
	topK: z.string().default(searchDefaults.topK).describe(option({description: 'Number of results, 1 to 100', alias: 'k', valueDescription: 'N'})),
	mode: z.enum(searchModes).default(searchDefaults.mode).describe(option({description: 'How to rank'})),
	collection: collectionOption,
	collapse: z.boolean().default(searchDefaults.collapse).describe(option({description: 'At most one result per document'})),
	fusion: z.enum(fusions).default(searchDefaults.fusion).describe(option({description: 'Hybrid only: merge by rank (rrf) or by normalised score (convex)'})),
	json: jsonOption,
});

export const args = z.tuple([z.string().describe(argument({name: 'query', description: 'What to look for (1 to 2000 characters)'}))]);

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
	/** The query. */
	readonly args: z.infer<typeof args>;
};

export default function Search({options, args: [query]}: Props) {
	const state = useRun<SearchResponse>(async io => {
		const response = await searchOnce(await connect({onNotice: io.note}), query, options);
		if (!options.json && response.notice) {
			io.note(`note: ${response.notice}`);
		}

		return response;
	}, {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {results, timings_ms: timings} = state.value;
	return (
		<Box flexDirection='column'>
			{results.map((hit, index) => <SearchHit key={hit.id} rank={index + 1} hit={hit} query={query}/>)}
			<Text dimColor>
				{results.length === 0 ? 'No results' : `${results.length} result${results.length === 1 ? '' : 's'}`} in '{state.value.collection}' ({state.value.mode}, {timings.total.toFixed(0)} ms)
			</Text>
		</Box>
	);
}
