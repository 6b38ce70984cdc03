import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {argument} from 'pastel';
import type {DeleteResult} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {collectionOption, jsonOption} from '../command-options.js';
import {useRun} from '../ui/use-run.js';

export const description = `Delete a document and its chunks by the name it was stored under (see \`md-vector documents\`).

Example:
  md-vector delete guides/install.md -C docs`;

export const options = z.object({
	collection: collectionOption,
	json: jsonOption,
});

export const args = z.tuple([z.string().describe(argument({name: 'file-name', description: 'Stored document name (a path relative to the ingested folder)'}))]);

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
	/** The document name. */
	readonly args: z.infer<typeof args>;
};

export default function Delete({options, args: [fileName]}: Props) {
	const state = useRun<DeleteResult>(async io => {
		const client = await connect({onNotice: io.note});
		return client.deleteDocument(fileName, options.collection);
	}, {json: options.json});
	return state.status === 'done' && !options.json
		? <Text><Text color='green'>deleted</Text> {state.value.file} from '{state.value.collection}' ({state.value.deleted_chunks} chunks)</Text>
		: null;
}
