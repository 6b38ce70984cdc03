import {createWriteStream} from 'node:fs';
import {rename, rm} from 'node:fs/promises';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import path from 'node:path';
import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {option} from 'pastel';
import {connect} from '../client/connect.js';
import {collectionOption} from '../command-options.js';
import {useRun} from '../ui/use-run.js';

export const description = `Export a collection. json and jsonl keep everything (chunks, metadata, vectors, model id): \`md-vector import\` restores them without re-embedding. csv and md are for reading.

Example:
  md-vector export -o notes.jsonl -f jsonl -C notes`;

export const options = z.object({
	output: z.string().default('-').describe(option({description: 'File to write (- for stdout)', alias: 'o', valueDescription: 'file'})),
	format: z.enum(['json', 'jsonl', 'csv', 'md']).default('json').describe(option({description: 'Format', alias: 'f'})),
	collection: collectionOption,
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

export default function Export({options}: Props) {
	const state = useRun<string | undefined>(async io => {
		const body = Readable.fromWeb((await (await connect({onNotice: io.note})).exportCollection(options.format, options.collection)) as never);
		if (options.output === '-') {
			await pipeline(body, process.stdout, {end: false});
			return undefined;
		}

		// Written beside the target and renamed: an interrupted export never leaves a truncated file behind.
		const target = path.resolve(options.output);
		const temporary = `${target}.${process.pid}.tmp`;
		try {
			await pipeline(body, createWriteStream(temporary));
			await rename(temporary, target);
		} catch (error) {
			await rm(temporary, {force: true});
			throw error;
		}

		return target;
	});
	return state.status === 'done' && state.value
		? <Text>exported &apos;{options.collection}&apos; as {options.format} to {state.value}</Text>
		: null;
}
