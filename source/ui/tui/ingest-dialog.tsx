import React from 'react';
import {Box, Text} from 'ink';
import {IngestProgress} from '../ingest-progress.js';
import {cutLeft} from './fit-text.js';
import type {IngestForm, IngestField} from './ingest-form.js';
import {hintsFor} from './keymap.js';

type Props = {
	/** The dialog's fields and job. */
	readonly form: IngestForm;
	/** Collections that exist (a name not among them is created). */
	readonly collections: readonly string[];
	/** Columns of the dialog. */
	readonly width: number;
};

/** Rows the dialog takes (layout.ts): the same before and during the job, so the screen never jumps. */
export const ingestDialogRows = 7;

const labels: Record<IngestField, string> = {directory: 'Directory ', collection: 'Collection'};

/** The ingest dialog: directory and collection fields (the app's keymap edits them), then the job's progress. */
export function IngestDialog({form, collections, width}: Props) {
	const inner = width - 4;
	const field = (name: IngestField, note = '') => {
		const active = form.field === name && !form.job;
		return (
			<Text wrap='truncate-end'>
				<Text bold={active} color={active ? 'cyan' : undefined}>{active ? '› ' : '  '}{labels[name]} </Text>
				{cutLeft(form[name], inner - 16 - note.length)}{active ? <Text inverse> </Text> : null}<Text dimColor>{note}</Text>
			</Text>
		);
	};

	const isNew = form.collection && !collections.includes(form.collection) ? ' (new collection)' : '';
	const {job} = form;
	return (
		<Box flexDirection='column' borderStyle='double' borderColor='cyan' paddingX={1} width={width} height={ingestDialogRows} flexShrink={0} overflow='hidden'>
			<Text bold wrap='truncate-end'>{job ? `Ingesting into '${form.collection}'` : 'Ingest a directory (unchanged files are skipped)'}</Text>
			{field('directory')}
			{job ? null : field('collection', isNew)}
			{job && job !== 'starting'
				? <Box height={2} overflow='hidden' flexDirection='column'><IngestProgress progress={job.progress} startedAt={Date.parse(job.started_at)} now={Date.now()}/></Box>
				: <Text wrap='truncate-end' color={form.error ? 'red' : undefined} dimColor={!form.error}>{form.error ?? (job ? 'starting…' : (form.choices.join('  ') || ' '))}</Text>}
			<Text dimColor wrap='truncate-end'>{hintsFor(job ? 'ingest-running' : 'ingest')}</Text>
		</Box>
	);
}
