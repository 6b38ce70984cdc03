import path from 'node:path';
import React, {useState} from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import {argument} from 'pastel';
import type {Job} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {waitForModel} from '../client/wait-for-model.js';
import {collectionOption, forceOption, incrementalOption, jsonOption} from '../command-options.js';
import {ingestMode} from '../ingest-mode.js';
import {useRun} from '../ui/use-run.js';
import {IngestProgress} from '../ui/ingest-progress.js';
import {IngestReport} from '../ui/ingest-report.js';
import {progressLine} from '../ui/rates.js';

export const description = `Index every Markdown file under a folder, as one job in the daemon. Document names are paths relative to the folder.
Ctrl-C cancels: files already committed are kept.

Example:
  md-vector ingest-dir ~/notes -C notes --incremental`;

export const options = z.object({
	collection: collectionOption,
	incremental: incrementalOption,
	force: forceOption,
	json: jsonOption,
});

export const args = z.tuple([z.string().describe(argument({name: 'directory', description: 'Folder to index (inside an allowed folder, your home by default)'}))]);

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
	/** The folder. */
	readonly args: z.infer<typeof args>;
};

/** Plain progress lines (not a terminal) at most this often. */
const lineIntervalMs = 1000;

export default function IngestDir({options, args: [directory]}: Props) {
	const [running, setRunning] = useState<Job>();
	const interactive = Boolean(process.stdout.isTTY) && !options.json;
	const state = useRun<Job>(async io => {
		const mode = ingestMode(options);
		const client = await connect({onNotice: io.note});
		await waitForModel(client);
		const {job} = await client.startDirectoryJob({directory: path.resolve(directory), collection: options.collection, mode});
		const startedAt = Date.now();
		let lastLine = 0;
		let cancelled = false;
		const cancel = () => {
			if (!cancelled) {
				cancelled = true;
				io.note('cancelling: the group being written is finished first, nothing is left half-done…');
				void client.cancelJob(job.id).catch(() => undefined);
			}
		};

		process.on('SIGINT', cancel);
		let finished: Job;
		try {
			finished = await client.followJob(job.id, current => {
				if (interactive) {
					setRunning(current);
				} else if (Date.now() - lastLine >= lineIntervalMs) {
					lastLine = Date.now();
					io.note(progressLine(current.progress, startedAt, Date.now()));
				}
			});
		} finally {
			process.off('SIGINT', cancel);
		}

		if (finished.state === 'failed') {
			throw new Error(`the ingest job failed: ${finished.error ?? 'unknown error'}`);
		}

		if (finished.state === 'cancelled') {
			process.exitCode = 130;
		} else if (finished.progress.failed > 0) {
			process.exitCode = 1;
			io.note(`md-vector: ${finished.progress.failed} of ${finished.progress.totalFiles} files failed (reasons in the report)`);
		}

		return finished;
	}, {json: options.json});
	if (state.status === 'done') {
		return options.json ? null : <IngestReport job={state.value}/>;
	}

	if (state.status === 'running' && running) {
		return (
			<Box flexDirection='column'>
				<Text>Indexing <Text bold>{running.directory}</Text> into &apos;{running.collection}&apos;</Text>
				<IngestProgress progress={running.progress} startedAt={Date.parse(running.started_at)} now={Date.now()}/>
			</Box>
		);
	}

	return null;
}
