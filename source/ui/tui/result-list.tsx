import React, {memo} from 'react';
import {Box, Text} from 'ink';
import stringWidth from 'string-width';
import type {SearchResult} from '../../client/api-types.js';
import {Highlighted} from '../highlighted.js';
import {snippet} from '../snippet.js';
import {cutLeft, fitPath} from './fit-text.js';

type Props = {
	/** The results of the last search. */
	readonly results: readonly SearchResult[];
	/** Index of the selected result. */
	readonly selected: number;
	/** The query the results answer, for marking matched terms. */
	readonly query: string;
	/** Whether this pane has the keyboard. */
	readonly focused: boolean;
	/** Columns of the pane, border included. */
	readonly width: number;
	/** Rows of the pane, border included. */
	readonly height: number;
	/** Lines per result: 2 adds a snippet under the path. */
	readonly lines: 1 | 2;
	/** What to say when there are no results. */
	readonly empty: string;
};

/**
 * Results: score, file (shortened so its name stays) and heading path, and a snippet with the matched terms marked.
 * Drawn again only when its props change (not on every key typed).
 */
export const ResultList = memo(({results, selected, query, focused, width, height, lines, empty}: Props) => {
	const inner = Math.max(1, width - 4);
	const visible = Math.max(1, Math.floor((height - 2) / lines));
	const first = Math.min(Math.max(0, selected - visible + 1), Math.max(0, results.length - visible));
	return (
		<Box flexDirection='column' borderStyle='round' borderColor={focused ? 'cyan' : 'gray'} paddingX={1} width={width} height={height} flexShrink={0} overflow='hidden'>
			{results.length === 0 ? <Text dimColor>{empty}</Text> : null}
			{results.slice(first, first + visible).map((hit, offset) => {
				const isSelected = first + offset === selected;
				const score = hit.score.toFixed(3);
				// A hit whose file changed or vanished since it was indexed is marked, so its text is not taken as current.
				const stale = hit.changed_on_disk ? ' (changed)' : '';
				const file = fitPath(hit.source_file, inner - stringWidth(score) - stringWidth(stale) - 3);
				const room = inner - stringWidth(score) - stringWidth(file) - stringWidth(stale) - 4;
				const heading = room >= 8 ? cutLeft(hit.heading_path.join(' › '), room) : '';
				return (
					<Box key={hit.id} flexDirection='column'>
						<Text wrap='truncate-end' inverse={isSelected && focused} bold={isSelected}>
							{isSelected ? '›' : ' '} <Text color='green'>{score}</Text> <Text color='cyan'>{file}</Text>{stale ? <Text color='yellow'>{stale}</Text> : null}{heading ? <Text color='magenta'> {heading}</Text> : null}
						</Text>
						{lines === 2 ? <Box marginLeft={2}><Highlighted segments={snippet(hit.content, query, 160)} wrap='truncate-end'/></Box> : null}
					</Box>
				);
			})}
		</Box>
	);
});
