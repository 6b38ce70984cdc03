import React, {useRef} from 'react';
import {Box, Text} from 'ink';
import type {DirectoryProgress} from '../client/api-types.js';
import {ProgressBar} from './progress-bar.js';
import {count} from './format.js';
import {describeWork, RecentRate, workOf} from './rates.js';

type Props = {
	/** The job's progress as the daemon reports it. */
	readonly progress: DirectoryProgress;
	/** When the job started (ms since the epoch). */
	readonly startedAt: number;
	/** Now, passed in so tests control the clock. */
	readonly now: number;
};

/** The work done (files read, chunks embedded: it moves with the work), the recent rate and time left, under a bar. */
export function IngestProgress({progress, now}: Props) {
	const recent = useRef(new RecentRate());
	const work = workOf(progress);
	const rate = recent.current.update(work, now);
	return (
		<Box flexDirection='column'>
			<ProgressBar done={work.done} total={work.total}/>
			<Text>
				{count(progress.processed_files)}/{progress.total_files > 0 ? count(progress.total_files) : '?'} files written
				{'  '}{count(progress.chunks)} chunks
				{'  '}<Text dimColor>{describeWork(work, rate)}</Text>
			</Text>
		</Box>
	);
}
