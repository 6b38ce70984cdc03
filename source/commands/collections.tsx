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
	const state = useRun<CollectionEntry[]>(async io => {
		const {collections} = await (await connect({onNotice: io.note})).collections();
		if (options.json) {
			io.out(`${JSON.stringify({collections})}\n`);
		}

		return collections;
	});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	if (state.value.length === 0) {
		return <Text dimColor>No collections yet. Add one with: md-vector ingest-dir DIR -C NAME</Text>;
	}

	const width = Math.max(...state.value.map(collection => collection.name.length));
	return (
		<Box flexDirection="column">
			{state.value.map(collection => (
				<Text key={collection.name}>
					<Text bold>{collection.name.padEnd(width)}</Text>  {plural(collection.documents, 'document')}, {plural(collection.count, 'chunk')}
				</Text>
			))}
		</Box>
	);
}
