import {readFile} from 'node:fs/promises';
import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {argument, option} from 'pastel';
import type {ImportResult} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {jsonOption} from '../command-options.js';
import {useRun} from '../ui/use-run.js';
import {plural} from '../ui/format.js';

export const description = `Restore a json or jsonl export (vectors included: nothing is re-embedded).

Example:
  md-vector import notes.jsonl -C notes-copy`;

export const options = z.object({
	collection: z.string().optional().describe(option({description: 'Collection to restore into (default: the one named in the export)', alias: 'C', valueDescription: 'name'})),
	json: jsonOption,
});

export const args = z.tuple([z.string().describe(argument({name: 'file', description: 'A file written by md-vector export -f json or -f jsonl'}))]);

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
	/** The export file. */
	readonly args: z.infer<typeof args>;
};

export default function Import({options, args: [file]}: Props) {
	const state = useRun<ImportResult>(async io => {
		const text = await readFile(file, 'utf8');
		return (await connect({onNotice: io.note})).importExport(text, options.collection);
	}, {json: options.json});
	return state.status === 'done' && !options.json
		? <Text><Text color='green'>imported</Text> {plural(state.value.documents, 'document')}, {plural(state.value.chunks, 'chunk')} into &apos;{state.value.collection}&apos;</Text>
		: null;
}
