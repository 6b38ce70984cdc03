import path from 'node:path';
import React, {useState} from 'react';
import {Box, Text, useInput} from 'ink';
import {TextInput} from '@inkjs/ui';
import type {Job} from '../../client/api-types.js';
import {IngestProgress} from '../ingest-progress.js';
import type {TuiClient} from './tui-client.js';

type Props = {
	readonly client: TuiClient;
	readonly collection: string;
	/** Called when the panel closes, with a line saying what happened. */
	readonly onDone: (message: {text: string; error: boolean}) => void;
};

/** Asks for a directory, then runs the ingest job with a live progress bar; Esc closes before it starts. */
export function IngestPanel({client, collection, onDone}: Props) {
	const [job, setJob] = useState<Job>();
	useInput((_input, key) => {
		if (key.escape && !job) {
			onDone({text: 'ingest cancelled', error: false});
		}
	});
	const start = (directory: string) => {
		if (!directory.trim()) {
			return;
		}

		const absolute = path.resolve(directory.trim().replace(/^~(?=$|\/)/, process.env.HOME ?? '~'));
		client.startDirectoryJob({directory: absolute, collection, mode: 'incremental'})
			.then(async ({job: started}) => {
				setJob(started);
				return client.followJob(started.id, setJob);
			})
			.then(finished => {
				const {progress} = finished;
				onDone({text: `ingested ${absolute}: ${progress.indexed} indexed, ${progress.unchanged} unchanged, ${progress.failed} failed, ${progress.chunks} chunks`, error: progress.failed > 0});
			}, (error: unknown) => {
				onDone({text: `ingest failed: ${error instanceof Error ? error.message : String(error)}`, error: true});
			});
	};

	return (
		<Box flexDirection='column' borderStyle='double' borderColor='cyan' paddingX={2}>
			<Text bold>Ingest a directory into &apos;{collection}&apos; (unchanged files are skipped)</Text>
			{job
				? <IngestProgress progress={job.progress} startedAt={Date.parse(job.started_at)} now={Date.now()}/>
				: <Box><Text>Directory: </Text><TextInput placeholder='~/notes (Enter: start, Esc: close)' onSubmit={start}/></Box>}
		</Box>
	);
}
