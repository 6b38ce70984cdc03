import React from 'react';
import {Box, Text} from 'ink';
import type {CollectionEntry} from '../../client/api-types.js';

type Props = {
	/** Collections with their chunk counts. */
	readonly collections: readonly CollectionEntry[];
	/** Name of the collection being searched. */
	readonly current: string | undefined;
	/** Whether this pane has the keyboard. */
	readonly focused: boolean;
	/** Width of the pane in columns. */
	readonly width: number;
};

/** The left pane: every collection and its chunk count; the current one marked. */
export function CollectionList({collections, current, focused, width}: Props) {
	return (
		<Box flexDirection='column' width={width} flexShrink={0} borderStyle='round' borderColor={focused ? 'cyan' : 'gray'} paddingX={1}>
			<Text bold>Collections</Text>
			{collections.length === 0 ? <Text dimColor>none yet (i: ingest)</Text> : null}
			{collections.map(collection => {
				const selected = collection.name === current;
				return (
					<Text key={collection.name} wrap='truncate-end' inverse={selected && focused} color={selected ? 'cyan' : undefined}>
						{selected ? '›' : ' '} {collection.name} <Text dimColor>{collection.count}</Text>
					</Text>
				);
			})}
		</Box>
	);
}
