import React from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import type {CollectionEntry} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {jsonOption} from '../command-options.js';
import {useRun} from '../ui/use-run.js';
import {plural} from '../ui/format.js';

export const description = `List collections with their document and chunk counts.

Example:
  md-vector collections --json`;

export const options = z.object({json: jsonOption});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

export default function Collections({options}: Props) {
	const state = useRun<{collections: CollectionEntry[]}>(async io => (await connect({onNotice: io.note})).collections(), {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {collections} = state.value;
	if (collections.length === 0) {
		return <Text dimColor>No collections yet. Add one with: md-vector ingest-dir DIR -C NAME</Text>;
	}

	const width = Math.max(...collections.map(collection => collection.name.length));
	return (
		<Box flexDirection='column'>
			{collections.map(collection => (
				<Text key={collection.name}>
					<Text bold>{collection.name.padEnd(width)}</Text>  {plural(collection.documents, 'document')}, {plural(collection.count, 'chunk')}
				</Text>
			))}
		</Box>
	);
}
