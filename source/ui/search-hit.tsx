import React from 'react';
import {Box, Text} from 'ink';
import type {SearchResult} from '../client/api-types.js';
import {Highlighted} from './highlighted.js';
import {snippet} from './snippet.js';

type Props = {
	/** 1-based position in the results. */
	readonly rank: number;
	/** The hit as the API returned it. */
	readonly hit: SearchResult;
	/** The query, for marking its terms in the snippet. */
	readonly query: string;
};

/** One result: rank, score, file and lines, heading path, then a snippet with the query terms marked. */
export function SearchHit({rank, hit, query}: Props) {
	const path = hit.heading_path.length > 0 ? hit.heading_path.join(' › ') : hit.section_title;
	return (
		<Box flexDirection='column' marginBottom={1}>
			<Text>
				<Text dimColor>{String(rank).padStart(2)}.</Text> <Text color='green'>{hit.score.toFixed(4)}</Text>{'  '}
				<Text bold color='cyan'>{hit.source_file}</Text><Text dimColor>:{hit.start_line}-{hit.end_line}</Text>
			</Text>
			<Box marginLeft={4} flexDirection='column'>
				<Text color='magenta'>{path}</Text>
				<Highlighted segments={snippet(hit.content, query)}/>
			</Box>
		</Box>
	);
}
