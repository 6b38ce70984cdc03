import {readFileSync} from 'node:fs';
import path from 'node:path';
import React from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import {argument} from 'pastel';
import {resolvePaths} from '../../../common/paths.js';
import {parseClients} from '../../../common/capabilities/clients.js';
import {capabilitiesDir, loadAccessConfig} from '../../../common/capabilities/load-capabilities.js';
import {CapabilityError, parseCapabilityFile} from '../../../common/capabilities/validate-capabilities.js';
import {UsageError} from '../../client/client-errors.js';
import {jsonOption} from '../../command-options.js';
import {useRun} from '../../ui/use-run.js';

export const description = `Check capability files (or clients.json) as the daemon will read them: every problem with its file, JSON path, rule and the nearest valid name. Without FILE: everything in the config folder.

Example:
  md-vector capabilities check ~/.config/md-vector/capabilities/assistant.json`;

export const options = z.object({json: jsonOption});
export const args = z.tuple([z.string().optional().describe(argument({name: 'file', description: 'A capability file or clients.json (default: all of the config folder)'}))]);

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
	/** The file to check, if one. */
	readonly args: z.infer<typeof args>;
};

type Checked = {valid: true; files: string[]; capabilities: string[]; clients: string[]};

export default function Check({options, args: [file]}: Props) {
	const state = useRun<Checked>(async () => {
		try {
			if (file && path.basename(file) === 'clients.json') {
				return {valid: true, files: [file], capabilities: [], clients: parseClients(readFileSync(file, 'utf8'), file, process.env).map(client => client.label)};
			}

			if (file) {
				return {valid: true, files: [file], capabilities: parseCapabilityFile(readFileSync(file, 'utf8'), file).map(capability => capability.identifier), clients: []};
			}

			const config = loadAccessConfig(resolvePaths().config);
			return {valid: true, files: [...config.files], capabilities: config.capabilities.map(capability => capability.identifier), clients: config.clients.map(client => client.label)};
		} catch (error) {
			if (error instanceof CapabilityError) {
				throw new UsageError(`${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n${error.problems.join('\n')}`);
			}

			throw error;
		}
	}, {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {files, capabilities, clients} = state.value;
	if (files.length === 0) {
		return <Text>No capability files in {capabilitiesDir(resolvePaths().config)}: the built-in default applies (the API key holder, or the local user of a loopback-only daemon, may do everything).</Text>;
	}

	return (
		<Box flexDirection='column'>
			<Text color='green'>ok: {files.length} file{files.length === 1 ? '' : 's'} valid</Text>
			{capabilities.length > 0 ? <Text>capabilities: {capabilities.join(', ')}</Text> : null}
			{clients.length > 0 ? <Text>clients: {clients.join(', ')}</Text> : null}
		</Box>
	);
}
