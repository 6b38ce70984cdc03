import React from 'react';
import {Box, Text} from 'ink';
import type {SearchResult} from '../../client/api-types.js';
import {Highlighted} from '../highlighted.js';
import {snippet} from '../snippet.js';

type Props = {
	readonly results: readonly SearchResult[];
	/** Index of the selected result. */
	readonly selected: number;
	readonly query: string;
	/** Whether this pane has the keyboard. */
	readonly focused: boolean;
	/** Rows available for results (two lines each). */
	readonly height: number;
	/** What to say when there are no results. */
	readonly empty: string;
};

/** Results: score, file and heading path, and a one-line snippet with the matched terms highlighted. */
export function ResultList({results, selected, query, focused, height, empty}: Props) {
	const visible = Math.max(1, Math.floor(height / 2));
	const first = Math.min(Math.max(0, selected - visible + 1), Math.max(0, results.length - visible));
	return (
		<Box flexDirection='column' borderStyle='round' borderColor={focused ? 'cyan' : 'gray'} paddingX={1} flexGrow={1} flexBasis={0} minWidth={0}>
			{results.length === 0 ? <Text dimColor>{empty}</Text> : null}
			{results.slice(first, first + visible).map((hit, offset) => {
				const index = first + offset;
				const isSelected = index === selected;
				return (
					<Box key={hit.id} flexDirection='column'>
						<Text wrap='truncate-end' inverse={isSelected && focused} bold={isSelected}>
							{isSelected ? '›' : ' '} <Text color='green'>{hit.score.toFixed(3)}</Text> <Text color='cyan'>{hit.source_file}</Text> <Text color='magenta'>{hit.heading_path.join(' › ')}</Text>
						</Text>
						<Box marginLeft={2}>
							<Highlighted segments={snippet(hit.content, query, 160)} wrap='truncate-end'/>
						</Box>
					</Box>
				);
			})}
		</Box>
	);
}
