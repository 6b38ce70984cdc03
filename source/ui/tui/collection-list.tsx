import React from 'react';
import {Box, Text} from 'ink';
import type {CollectionEntry} from '../../client/api-types.js';
import {collectionCounts} from './collection-counts.js';

type Props = {
	/** Collections with their document and chunk counts. */
	readonly collections: readonly CollectionEntry[];
	/** Name of the collection being searched. */
	readonly current: string | undefined;
	/** Whether this pane has the keyboard. */
	readonly focused: boolean;
	/** Columns of the pane, border included. */
	readonly width: number;
	/** Rows of the pane, border included. */
	readonly height: number;
};

/** The collections pane: each name with its counts ("12 docs · 340 chunks") under it; the current one marked. */
export function CollectionList({collections, current, focused, width, height}: Props) {
	const visible = Math.max(1, Math.floor((height - 3) / 2));
	const at = Math.max(0, collections.findIndex(collection => collection.name === current));
	const first = Math.min(Math.max(0, at - visible + 1), Math.max(0, collections.length - visible));
	return (
		<Box flexDirection='column' width={width} height={height} flexShrink={0} overflow='hidden' borderStyle='round' borderColor={focused ? 'cyan' : 'gray'} paddingX={1}>
			<Text bold>Collections</Text>
			{collections.length === 0 ? <Text dimColor wrap='truncate-end'>none yet (i: ingest)</Text> : null}
			{collections.slice(first, first + visible).map(collection => {
				const selected = collection.name === current;
				return (
					<Box key={collection.name} flexDirection='column'>
						<Text wrap='truncate-end' inverse={selected && focused} color={selected ? 'cyan' : undefined} bold={selected}>{selected ? '›' : ' '} {collection.name}</Text>
						<Text wrap='truncate-end' dimColor>{'  '}{collectionCounts(collection)}</Text>
					</Box>
				);
			})}
		</Box>
	);
}
