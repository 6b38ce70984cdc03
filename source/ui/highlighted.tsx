import React from 'react';
import {Text} from 'ink';
import chalk from 'chalk';
import {plainMark} from '../cli/style.js';
import type {Segment} from './snippet.js';

type Props = {
	/** Text split into plain and matched parts. */
	readonly segments: readonly Segment[];
	/** How Ink fits it to the width: wrap (default) or cut to one line. */
	readonly wrap?: 'wrap' | 'truncate-end';
};

/** Matched terms in bold yellow; without colour (NO_COLOR, a pipe) they are marked ⟦so⟧. */
export function Highlighted({segments, wrap = 'wrap'}: Props) {
	const colour = chalk.level > 0;
	return (
		<Text wrap={wrap}>
			{segments.map((segment, index) => segment.match
				// Segments have no identity but their order: the index is their key.
				? <Text key={index} bold color='yellow'>{colour ? segment.text : plainMark(segment.text)}</Text>
				: <Text key={index}>{segment.text}</Text>)}
		</Text>
	);
}
