import path from 'node:path';
import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {argument, option} from 'pastel';
import type {IngestResult} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {waitForModel} from '../client/wait-for-model.js';
import {collectionOption, forceOption, incrementalOption, jsonOption} from '../command-options.js';
import {ingestMode} from '../ingest-mode.js';
import {useRun} from '../ui/use-run.js';

export const description = `Index one Markdown file (the daemon reads it; it must be inside an allowed folder, your home by default).

Example:
  md-vector ingest notes/today.md -C notes --incremental`;

export const options = z.object({
	collection: collectionOption,
	incremental: incrementalOption,
	force: forceOption,
	name: z.string().optional().describe(option({description: 'Document name to store it under (default: the file name)', valueDescription: 'file-name'})),
	json: jsonOption,
});

export const args = z.tuple([z.string().describe(argument({name: 'file', description: 'Markdown file (.md, .markdown, .mdx)'}))]);

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
	/** The file. */
	readonly args: z.infer<typeof args>;
};

export default function Ingest({options, args: [file]}: Props) {
	const state = useRun<IngestResult>(async io => {
		const mode = ingestMode(options);
		const client = await connect({onNotice: io.note});
		await waitForModel(client);
		return client.ingest({file_path: path.resolve(file), file_name: options.name, collection: options.collection, mode});
	}, {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {outcome, chunks, file: name, collection} = state.value;
	return outcome === 'unchanged'
		? <Text><Text color='yellow'>unchanged</Text> {name}: {chunks} chunks already in '{collection}' (skipped)</Text>
		: <Text><Text color='green'>indexed</Text> {name}: {chunks} chunks into '{collection}'</Text>;
}
