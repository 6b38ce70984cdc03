import React from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import {connect} from '../client/connect.js';
import {collectionOption, jsonOption} from '../command-options.js';
import {useRun} from '../ui/use-run.js';
import {plural} from '../ui/format.js';

export const description = `List the documents of a collection with their chunk counts (the names \`delete\` takes).

Example:
  md-vector documents -C notes`;

export const options = z.object({
	collection: collectionOption,
	json: jsonOption,
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

type Listing = Awaited<ReturnType<Awaited<ReturnType<typeof connect>>['documents']>>;

export default function Documents({options}: Props) {
	const state = useRun<Listing>(async io => (await connect({onNotice: io.note})).documents(options.collection), {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	return (
		<Box flexDirection='column'>
			{state.value.documents.map(document => <Text key={document.file}>{document.file} <Text dimColor>({plural(document.chunks, 'chunk')})</Text></Text>)}
			<Text dimColor>{plural(state.value.documents.length, 'document')} in &apos;{state.value.collection}&apos;</Text>
		</Box>
	);
}
