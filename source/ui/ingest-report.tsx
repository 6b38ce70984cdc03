import React from 'react';
import {Box, Text} from 'ink';
import type {FileOutcome, Job} from '../client/api-types.js';
import {plural} from './format.js';

type Props = {
	/** The finished job, with its per-file report. */
	readonly job: Job;
	/** Most files listed per group; the rest are counted (--json lists all). */
	readonly limit?: number;
};

const colours = {indexed: 'green', unchanged: 'yellow', failed: 'red'} as const;

/** Per-file outcome after a directory ingest: indexed, unchanged (skipped) and failed with the reason. */
export function IngestReport({job, limit = 20}: Props) {
	const files = job.report?.files ?? [];
	const groups = (['failed', 'indexed', 'unchanged'] as const).map(status => [status, files.filter(file => file.status === status)] as const);
	return (
		<Box flexDirection='column'>
			{groups.filter(([, group]) => group.length > 0).map(([status, group]) => (
				<Box key={status} flexDirection='column'>
					{group.slice(0, limit).map(file => <FileLine key={file.file} file={file}/>)}
					{group.length > limit ? <Text dimColor>  … and {group.length - limit} more {status} (--json lists every file)</Text> : null}
				</Box>
			))}
			<Summary job={job}/>
		</Box>
	);
}

function FileLine({file}: {readonly file: FileOutcome}) {
	return (
		<Text>
			<Text color={colours[file.status]}>{file.status.padEnd(9)}</Text> {file.file}
			{file.status === 'failed' ? <Text color='red'>: {file.error}</Text> : <Text dimColor> ({plural(file.chunks, 'chunk')})</Text>}
		</Text>
	);
}

function Summary({job}: {readonly job: Job}) {
	const {progress} = job;
	const counts = `${plural(progress.indexed, 'file')} indexed, ${progress.unchanged} unchanged, ${progress.failed} failed, ${plural(progress.chunks, 'chunk')}`;
	if (job.state === 'cancelled') {
		const left = progress.totalFiles - progress.processedFiles;
		return <Text bold color='yellow'>Cancelled. Kept what was committed: {counts}; {plural(left, 'file')} not ingested (run again with --incremental to finish).</Text>;
	}

	return <Text bold>Done: {counts} into &apos;{job.collection}&apos;.</Text>;
}
