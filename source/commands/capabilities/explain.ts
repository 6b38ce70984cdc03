import {resolvePaths} from '../../../common/paths.js';
import {effectivePermissions, type Grant} from '../../../common/access/effective.js';
import {capabilitiesDir, loadAccessConfig} from '../../../common/access/load-capabilities.js';
import type {Io} from '../../cli/io.js';
import {stringOption, type Invocation} from '../../cli/spec.js';

type Explained = {client: string; local: boolean; default_applies: boolean; permissions: Array<{identifier: string; allow: unknown[]; deny: unknown[]; granted_by: string}>};

const scopeText = (scopes: Grant['permission']['allow']) => scopes.map(scope => scope.collection ?? scope.path).join(', ');

function explain(client: string, origin: string | undefined): Explained {
	const config = loadAccessConfig(resolvePaths().config);
	const source = {client, local: origin === undefined, origin};
	return {
		client, local: source.local, default_applies: config.capabilities.length === 0,
		permissions: effectivePermissions(config.capabilities, source).map(({permission, capability}) => ({identifier: permission.identifier, allow: [...permission.allow], deny: [...permission.deny], granted_by: capability})),
	};
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const client = stringOption(invocation, 'client');
	const origin = invocation.options.origin as string | undefined;
	const explained = explain(client, origin);
	if (invocation.json) {
		return explained;
	}

	const where = origin ? ` from ${origin}` : ' over loopback';
	if (explained.default_applies) {
		io.out(`No capability files in ${capabilitiesDir(resolvePaths().config)}: the built-in default applies, and the key holder may do everything.\n`);
	} else if (explained.permissions.length === 0) {
		io.out(`${io.style.yellow(`Client '${client}' matches no capability${where}: no access (403 on every route but /health).`)}\n`);
	} else {
		io.out([`Client '${client}'${where} may:`, ...explained.permissions.map(permission => {
			const allow = permission.allow.length > 0 ? ` only ${scopeText(permission.allow as Grant['permission']['allow'])}` : ' everywhere';
			const deny = permission.deny.length > 0 ? `, not ${scopeText(permission.deny as Grant['permission']['deny'])}` : '';
			return `  ${permission.identifier.padEnd(22)}${allow}${deny}${io.style.dim(`  (granted by ${permission.granted_by})`)}`;
		})].map(line => `${line}\n`).join(''));
	}

	return undefined;
}
