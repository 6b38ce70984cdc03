import React from 'react';
import {Box, Text} from 'ink';
import {z} from 'zod';
import {option} from 'pastel';
import {resolvePaths} from '../../../common/paths.js';
import {effectivePermissions, type Grant} from '../../../common/capabilities/effective.js';
import {capabilitiesDir, loadAccessConfig} from '../../../common/capabilities/load-capabilities.js';
import {jsonOption} from '../../command-options.js';
import {useRun} from '../../ui/use-run.js';

export const description = `Show what a client may do: its effective permissions, their scopes, and which capability grants each.

Example:
  md-vector capabilities explain --client assistant
  md-vector capabilities explain --client web --origin https://notes.example.com`;

export const options = z.object({
	client: z.string().describe(option({description: 'The client label (from clients.json)', valueDescription: 'label'})),
	origin: z.string().optional().describe(option({description: 'Explain for a request from this web origin (or remote address) instead of loopback', valueDescription: 'url'})),
	json: jsonOption,
});

type Props = {
	/** Parsed command-line options. */
	readonly options: z.infer<typeof options>;
};

type Explained = {client: string; local: boolean; default_applies: boolean; permissions: Array<{identifier: string; allow: unknown[]; deny: unknown[]; granted_by: string}>};

const scopeText = (scopes: Grant['permission']['allow']) => scopes.map(scope => scope.collection ?? scope.path).join(', ');

export default function Explain({options}: Props) {
	const state = useRun<Explained>(async () => {
		const config = loadAccessConfig(resolvePaths().config);
		const party = {client: options.client, local: options.origin === undefined, origin: options.origin};
		const grants = effectivePermissions(config.capabilities, party);
		return {
			client: options.client, local: party.local, default_applies: config.capabilities.length === 0,
			permissions: grants.map(({permission, capability}) => ({identifier: permission.identifier, allow: [...permission.allow], deny: [...permission.deny], granted_by: capability})),
		};
	}, {json: options.json});
	if (state.status !== 'done' || options.json) {
		return null;
	}

	const {permissions} = state.value;
	if (state.value.default_applies) {
		return <Text>No capability files in {capabilitiesDir(resolvePaths().config)}: the built-in default applies, and the key holder may do everything.</Text>;
	}

	if (permissions.length === 0) {
		return <Text color='yellow'>Client &apos;{options.client}&apos; matches no capability{options.origin ? ` from ${options.origin}` : ' over loopback'}: no access (403 on every route but /health).</Text>;
	}

	return (
		<Box flexDirection='column'>
			<Text>Client &apos;{options.client}&apos;{options.origin ? ` from ${options.origin}` : ' over loopback'} may:</Text>
			{permissions.map(permission => (
				<Text key={`${permission.identifier}-${permission.granted_by}`}>
					{'  '}{permission.identifier.padEnd(22)}
					{permission.allow.length > 0 ? ` only ${scopeText(permission.allow as Grant['permission']['allow'])}` : ' everywhere'}
					{permission.deny.length > 0 ? `, not ${scopeText(permission.deny as Grant['permission']['deny'])}` : ''}
					<Text dimColor>{'  '}(granted by {permission.granted_by})</Text>
				</Text>
			))}
		</Box>
	);
}
