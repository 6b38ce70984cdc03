import React from 'react';
import {Box, render, Text} from 'ink';
import type {Job} from '../client/api-types.js';
import {IngestProgress} from './ingest-progress.js';

export type LiveProgress = {
	readonly update: (job: Job) => void;
	/** Takes the bar off the screen, so the report that follows stands alone. */
	readonly stop: () => void;
};

function View({job}: {readonly job: Job}) {
	return (
		<Box flexDirection='column'>
			<Text>Indexing <Text bold>{job.directory}</Text> into &apos;{job.collection}&apos;</Text>
			<IngestProgress progress={job.progress} startedAt={Date.parse(job.started_at)} now={Date.now()}/>
		</Box>
	);
}

/** ingest-dir's progress bar on a terminal: the one place besides the TUI where Ink is loaded. */
export function liveProgress(): LiveProgress {
	let instance: ReturnType<typeof render> | undefined;
	return {
		update(job) {
			if (instance) {
				instance.rerender(<View job={job}/>);
			} else {
				// Ctrl-C stays a signal for the command, which cancels the job and reports what was kept.
				instance = render(<View job={job}/>, {exitOnCtrlC: false, patchConsole: false});
			}
		},
		stop() {
			instance?.clear();
			instance?.unmount();
		},
	};
}
