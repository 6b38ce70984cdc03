import React from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import type {CollectionStats} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {collectionOption, jsonOption} from '../command-options.js';
import {useRun} from '../ui/use-run.js';
import {formatBytes} from '../ui/format.js';

export const description = `Show a collection's documents, chunks, vectors, model, dimensions, index kind and size, and disk use.

Example:
  md-vector stats -C notes`;

export const options = z.object({
	collection: collectionOption,
	json: jsonOption,
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

type StatsReply = CollectionStats & {disk_bytes: number};

const kindNames = {flat: 'exact (flat)', hnsw: 'approximate (HNSW graph)'} as const;

/** Kind and vector size of the index, and a build in progress (searches use the current index meanwhile). */
function indexLine(stats: StatsReply): string {
	if (stats.dims === null) {
		return '-';
	}

	const building = stats.index_rebuilding ? `; becoming ${kindNames[stats.index_rebuilding]} once writes settle` : '';
	return `${kindNames[stats.index_kind]}, ${formatBytes(stats.index_vectors * stats.dims * 4)} of vectors${building}`;
}

export default function Stats({options}: Props) {
	const state = useRun<StatsReply>(async io => (await connect({onNotice: io.note})).stats(options.collection), {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const stats = state.value;
	const rows: Array<[string, string]> = [
		['collection', stats.collection],
		['documents', stats.documents.toLocaleString('en-US')],
		['chunks', stats.chunks.toLocaleString('en-US')],
		['vectors', `${stats.vectors.toLocaleString('en-US')} stored, ${stats.index_vectors.toLocaleString('en-US')} in the index`],
		['tokens', stats.tokens.toLocaleString('en-US')],
		['model', stats.model ?? 'none yet'],
		['dimensions', stats.dims === null ? '-' : String(stats.dims)],
		['index', indexLine(stats)],
		['disk use', `${formatBytes(stats.disk_bytes)} (store, all collections)`],
		['chunker', `v${stats.chunker_version}`],
	];
	return (
		<Box flexDirection='column'>
			{rows.map(([label, value]) => <Text key={label}><Text dimColor>{label.padEnd(11)}</Text>{value}</Text>)}
		</Box>
	);
}
