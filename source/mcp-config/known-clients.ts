// The clients of clients.json as mcp-config needs them: does the label exist, and in which variable does the
// user keep its key (a `${VAR}` entry names it; a key_sha256 entry does not, so a conventional name is used).
import {existsSync, readFileSync} from 'node:fs';
import {clientsFile} from '../../common/access/load-capabilities.js';

export type KnownClients = {readonly file: string; readonly exists: boolean; readonly keyVariables: ReadonlyMap<string, string | undefined>};

export function knownClients(configDir: string): KnownClients {
	const file = clientsFile(configDir);
	const keyVariables = new Map<string, string | undefined>();
	if (!existsSync(file)) {
		return {file, exists: false, keyVariables};
	}

	try {
		const parsed = JSON.parse(readFileSync(file, 'utf8')) as {clients?: Array<{label?: unknown; key?: unknown}>};
		for (const entry of parsed.clients ?? []) {
			if (typeof entry.label === 'string') {
				keyVariables.set(entry.label, typeof entry.key === 'string' ? /^\${(\w+)}$/.exec(entry.key)?.[1] : undefined);
			}
		}
	} catch {
		// An unreadable file names no client (`md-vector capabilities check` explains what is wrong with it).
	}

	return {file, exists: true, keyVariables};
}

/** MD_VECTOR_<LABEL>_KEY: the variable a key_sha256 client's key is expected in. */
export const conventionalKeyVariable = (label: string) => `MD_VECTOR_${label.toUpperCase().replaceAll(/[^A-Z\d]+/g, '_')}_KEY`;
