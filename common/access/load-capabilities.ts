// Everything under the config folder that decides access: capabilities/*.json and clients.json.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseClients, type Client} from './clients.js';
import {CapabilityError, parseCapabilityFile, type Capability} from './validate-capabilities.js';

export type AccessConfig = {
	/** Empty: no capability file, the built-in default applies (the key holder or the local user may do everything). */
	readonly capabilities: readonly Capability[];
	readonly clients: readonly Client[];
	readonly files: readonly string[];
};

export const capabilitiesDir = (config: string) => path.join(config, 'capabilities');
export const clientsFile = (config: string) => path.join(config, 'clients.json');

/** Reads and checks every file; throws CapabilityError with all problems of all files. */
export function loadAccessConfig(config: string, env: NodeJS.ProcessEnv = process.env): AccessConfig {
	const directory = capabilitiesDir(config);
	const files = existsSync(directory) ? readdirSync(directory).filter(name => name.endsWith('.json')).sort().map(name => path.join(directory, name)) : [];
	const problems: string[] = [];
	const capabilities: Capability[] = [];
	for (const file of files) {
		try {
			capabilities.push(...parseCapabilityFile(readFileSync(file, 'utf8'), file));
		} catch (error) {
			problems.push(...(error instanceof CapabilityError ? error.problems : [`${file}: ${(error as Error).message}`]));
		}
	}

	const first = new Map<string, string>();
	for (const capability of capabilities) {
		const earlier = first.get(capability.identifier);
		if (earlier) {
			problems.push(`${capability.source}: identifier '${capability.identifier}' is already used in ${earlier}; identifiers must be unique`);
		}

		first.set(capability.identifier, capability.source);
	}

	let clients: Client[] = [];
	const clientsPath = clientsFile(config);
	if (existsSync(clientsPath)) {
		try {
			clients = parseClients(readFileSync(clientsPath, 'utf8'), clientsPath, env);
		} catch (error) {
			problems.push(...(error instanceof CapabilityError ? error.problems : [`${clientsPath}: ${(error as Error).message}`]));
		}
	}

	if (problems.length > 0) {
		throw new CapabilityError(problems);
	}

	return {capabilities, clients, files: existsSync(clientsPath) ? [...files, clientsPath] : files};
}
