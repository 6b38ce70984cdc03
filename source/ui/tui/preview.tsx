import React from 'react';
import {Box, Text} from 'ink';
import type {SearchResult} from '../../client/api-types.js';
import {readContext, type Context} from './read-context.js';

type Props = {
	/** The selected result, or undefined. */
	readonly hit: SearchResult | undefined;
	/** Rows available. */
	readonly height: number;
	/** Lines of the source file around the chunk (tests pass their own). */
	readonly context?: (hit: SearchResult) => Context | undefined;
};

/**
 * The selected chunk: full heading path and line range, then its text with a few lines of the file before
 * and after (dimmed) when the file is readable here.
 */
export function Preview({hit, height, context = readContext}: Props) {
	if (!hit) {
		return <Box borderStyle='round' borderColor='gray' paddingX={1} flexGrow={1} flexBasis={0} minWidth={0}><Text dimColor>No result selected</Text></Box>;
	}

	const around = context(hit);
	const body = hit.content.split('\n');
	const room = Math.max(1, height - 3);
	const before = around ? around.before.slice(-Math.min(3, Math.floor(room / 4))) : [];
	const after = around ? around.after.slice(0, Math.max(0, room - before.length - body.length)) : [];
	return (
		<Box flexDirection='column' borderStyle='round' borderColor='gray' paddingX={1} flexGrow={1} flexBasis={0} minWidth={0} overflow='hidden'>
			<Text wrap='truncate-end'><Text bold color='cyan'>{hit.source_file}</Text><Text dimColor>:{hit.start_line}-{hit.end_line}</Text></Text>
			<Text wrap='truncate-end' color='magenta'>{hit.heading_path.join(' › ') || hit.section_title}</Text>
			{before.map((line, index) => <Text key={`b${index}`} dimColor wrap='truncate-end'>{line || ' '}</Text>)}
			{body.slice(0, room).map((line, index) => <Text key={`c${index}`} wrap='truncate-end'>{line || ' '}</Text>)}
			{after.map((line, index) => <Text key={`a${index}`} dimColor wrap='truncate-end'>{line || ' '}</Text>)}
		</Box>
	);
}
