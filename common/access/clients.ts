// Named API keys: who a request is. A key is stored as its SHA-256 or given as a ${VAR} reference resolved from
// the daemon's environment; a literal secret in the file is refused.
import {createHash} from 'node:crypto';
import {z} from 'zod';
import {CapabilityError, jsonPath, parseJsonFile} from './validate-capabilities.js';

export type Client = {readonly label: string; readonly keyHash: string};

const label = z.string({error: 'is required'}).regex(/^[\w.-]{1,64}$/, 'must be 1-64 letters, digits, ".", "_" or "-"');
const clientsSchema = z.strictObject({
	clients: z.array(z.strictObject({
		label,
		key_sha256: z.string().regex(/^[\da-f]{64}$/i, 'must be the 64 hex digits of the key\'s SHA-256').optional(),
		key: z.string().regex(/^\${\w+}$/, 'must be a ${VARIABLE} reference: a literal secret never goes in a file (or give key_sha256)').optional(),
	}).refine(entry => (entry.key === undefined) !== (entry.key_sha256 === undefined), 'give exactly one of key_sha256 or key'), {error: 'must be a list of clients'}),
});

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The clients of a clients.json text, with `${VAR}` keys resolved from `env`. */
export function parseClients(text: string, file: string, env: NodeJS.ProcessEnv): Client[] {
	const problem = (at: string, rule: string) => `${file}: ${at}: ${rule}`;
	const parsed = clientsSchema.safeParse(parseJsonFile(text, file));
	if (!parsed.success) {
		throw new CapabilityError(parsed.error.issues.map(issue => problem(jsonPath('$', issue.path), issue.message)));
	}

	const problems: string[] = [];
	const clients: Client[] = [];
	const labels = new Set<string>();
	for (const [index, entry] of parsed.data.clients.entries()) {
		if (labels.has(entry.label)) {
			problems.push(problem(`$.clients[${index}].label`, `'${entry.label}' is used twice; labels must be unique`));
		}

		labels.add(entry.label);
		const variable = entry.key?.slice(2, -1);
		const value = variable ? env[variable] : undefined;
		if (variable && !value) {
			problems.push(problem(`$.clients[${index}].key`, `\${${variable}} is not set in the daemon's environment`));
			continue;
		}

		clients.push({label: entry.label, keyHash: value ? hashKey(value) : entry.key_sha256!.toLowerCase()});
	}

	if (problems.length > 0) {
		throw new CapabilityError(problems);
	}

	return clients;
}
