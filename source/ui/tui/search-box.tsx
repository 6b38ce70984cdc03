import React from 'react';
import {Box, Text} from 'ink';
import type {SearchMode} from '../../client/api-types.js';

type Props = {
	/** What has been typed (the app owns the keyboard and the text). */
	readonly query: string;
	/** Whether typing goes here. */
	readonly focused: boolean;
	readonly mode: SearchMode;
	readonly topK: number;
	/** A search is on its way. */
	readonly loading: boolean;
};

/** The query line, with the mode and result count beside it. */
export function SearchBox({query, focused, mode, topK, loading}: Props) {
	return (
		<Box borderStyle='round' borderColor={focused ? 'cyan' : 'gray'} paddingX={1}>
			{/* The marker shows where typing goes also without colour (NO_COLOR). */}
			<Text bold>{focused ? '› ' : '  '}Search </Text>
			<Box flexGrow={1}>
				<Text wrap='truncate-start'>
					{query}{focused ? <Text inverse> </Text> : null}{query ? null : <Text dimColor>type to search (Esc: results, ?: help)</Text>}
				</Text>
			</Box>
			<Text dimColor>{loading ? '… ' : ''}{mode} · top {topK}</Text>
		</Box>
	);
}
