import React from 'react';
import {Text} from 'ink';
import chalk from 'chalk';

type Props = {
	/** Work done so far. */
	readonly done: number;
	/** All the work; 0 while unknown. */
	readonly total: number;
	/** Bar width in cells. */
	readonly width?: number;
};

/** A bar of block characters (# and - without colour, so it still reads in NO_COLOR terminals). */
export function ProgressBar({done, total, width = 30}: Props) {
	const ratio = total > 0 ? Math.min(1, done / total) : 0;
	const filled = Math.round(ratio * width);
	const [full, empty] = chalk.level > 0 ? ['█', '░'] : ['#', '-'];
	return (
		<Text>
			<Text color='green'>{full.repeat(filled)}</Text><Text dimColor>{empty.repeat(width - filled)}</Text> {String(Math.floor(ratio * 100)).padStart(3)}%
		</Text>
	);
}
