import React from 'react';
import {Box, Text} from 'ink';

export const keyBindings: ReadonlyArray<readonly [string, string]> = [
	['type', 'search as you type (in the search box)'],
	['Ctrl-U', 'clear the search box'],
	['Esc / Tab', 'leave the search box / next pane'],
	['/', 'back to the search box'],
	['↑ ↓  j k', 'select a result (or a collection)'],
	['Enter', 'open the result in $EDITOR at its line (in collections: search that one)'],
	['m', 'switch mode: hybrid → semantic → keyword'],
	['+ / -', 'more / fewer results (top-k)'],
	['[ / ]', 'previous / next collection'],
	['d', 'delete the selected result\'s document (asks first)'],
	['i', 'ingest a directory (live progress)'],
	['r', 'refresh collections and health'],
	['?', 'this help'],
	['q / Ctrl-C', 'quit'],
];

/** Every key, listed. */
export function HelpOverlay() {
	return (
		<Box flexDirection='column' borderStyle='double' borderColor='cyan' paddingX={2}>
			<Text bold>md-vector keys</Text>
			{keyBindings.map(([keys, meaning]) => <Text key={keys}><Text color='cyan'>{keys.padEnd(12)}</Text>{meaning}</Text>)}
			<Text dimColor>any key closes this help</Text>
		</Box>
	);
}
