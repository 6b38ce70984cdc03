import React from 'react';
import {Box, Text} from 'ink';
import type {DirectoryProgress} from '../client/api-types.js';
import {ProgressBar} from './progress-bar.js';
import {formatDuration} from './format.js';
import {rates} from './rates.js';

type Props = {
	/** The job's progress as the daemon reports it. */
	readonly progress: DirectoryProgress;
	/** When the job started (ms since the epoch). */
	readonly startedAt: number;
	/** Now, passed in so tests control the clock. */
	readonly now: number;
};

/** Files and chunks done, rate and time left, under a progress bar. */
export function IngestProgress({progress, startedAt, now}: Props) {
	const {filesPerSecond, chunksPerSecond, etaSeconds} = rates(progress, startedAt, now);
	return (
		<Box flexDirection='column'>
			<ProgressBar done={progress.processed_files} total={progress.total_files}/>
			<Text>
				{progress.processed_files.toLocaleString('en-US')}/{progress.total_files > 0 ? progress.total_files.toLocaleString('en-US') : '?'} files
				{'  '}{progress.chunks.toLocaleString('en-US')} chunks
				{'  '}<Text dimColor>{filesPerSecond.toFixed(0)} files/s, {chunksPerSecond.toFixed(0)} chunks/s, ETA {formatDuration(etaSeconds)}</Text>
			</Text>
		</Box>
	);
}
