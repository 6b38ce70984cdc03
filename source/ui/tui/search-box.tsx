import React from 'react';
import {Box, Text} from 'ink';
import type {SearchMode} from '../../client/api-types.js';

type Props = {
	/** What has been typed (the app owns the keyboard and the text). */
	readonly query: string;
	/** Whether typing goes here. */
	readonly focused: boolean;
	/** The search mode. */
	readonly mode: SearchMode;
	/** How many results are asked for. */
	readonly topK: number;
	/** A search is on its way. */
	readonly loading: boolean;
	/** The collection searched. */
	readonly collection: string | undefined;
	/** Columns of the whole box. */
	readonly width: number;
};

/** What the right end of the search line says, shorter on narrow terminals so it never runs into the query. */
export function searchSettings({collection, mode, topK, loading}: Pick<Props, 'collection' | 'mode' | 'topK' | 'loading'>, width: number): string {
	const name = collection ?? 'no collection';
	const shortName = name.length > 16 ? `${name.slice(0, 15)}…` : name;
	const settings = width >= 90 ? `${name} · ${mode} · top ${topK}` : `${shortName} · ${mode} · ${topK}`;
	return `${loading ? '… ' : ''}${settings}`;
}

/** The query line, with the collection, mode and result count at its right end. */
export function SearchBox({query, focused, mode, topK, loading, collection, width}: Props) {
	return (
		<Box borderStyle='round' borderColor={focused ? 'cyan' : 'gray'} paddingX={1} width={width} height={3} flexShrink={0}>
			{/* The marker shows where typing goes also without colour (NO_COLOR). */}
			<Box flexShrink={0}><Text bold>{focused ? '› ' : '  '}{width >= 70 ? 'Search ' : ''}</Text></Box>
			<Box flexGrow={1} flexShrink={1} flexBasis={0} minWidth={1} overflow='hidden'>
				{query
					? <Text wrap='truncate-start'>{query}{focused ? <Text inverse> </Text> : null}</Text>
					: <Text wrap='truncate-end'>{focused ? <Text inverse> </Text> : null}<Text dimColor>type to search (Esc: results, ?: help)</Text></Text>}
			</Box>
			<Box flexShrink={0} marginLeft={1}><Text dimColor>{searchSettings({collection, mode, topK, loading}, width)}</Text></Box>
		</Box>
	);
}
