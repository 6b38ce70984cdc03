// Headers for a daemon elsewhere (MD_VECTOR_URL / --url): MD_VECTOR_HEADERS, a JSON object whose values may hold
// ${VAR} references (expanded from the environment, so no secret sits in a file), and MD_VECTOR_HEADERS_HELPER,
// an executable that prints a JSON object of headers: run at start and again when a request gets 401, so
// tokens that expire are renewed.
import {execFile} from 'node:child_process';
import {promisify} from 'node:util';
import {UsageError} from './client-errors.js';

const run = promisify(execFile);

export function expandVariables(text: string, env: NodeJS.ProcessEnv, where: string): string {
	return text.replaceAll(/\${(\w+)}/g, (_match, name: string) => {
		const value = env[name];
		if (value === undefined) {
			throw new UsageError(`${where}: \${${name}} is not set in the environment`);
		}

		return value;
	});
}

function headerObject(value: unknown, where: string): Record<string, string> {
	if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some(entry => typeof entry !== 'string')) {
		throw new UsageError(`${where} must be a JSON object of header names to string values`);
	}

	return value as Record<string, string>;
}

/** MD_VECTOR_HEADERS with its ${VAR} references expanded ({} when unset). */
export function headersFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
	if (!env.MD_VECTOR_HEADERS) {
		return {};
	}

	let parsed: unknown;
	try {
		parsed = JSON.parse(env.MD_VECTOR_HEADERS);
	} catch {
		throw new UsageError('MD_VECTOR_HEADERS must be a JSON object of header names to string values (not valid JSON)');
	}

	const headers = headerObject(parsed, 'MD_VECTOR_HEADERS');
	return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, expandVariables(value, env, `MD_VECTOR_HEADERS ${name}`)]));
}

/** Runs the headers helper (no shell, 10 s at most) and returns the headers it printed. */
export async function runHeadersHelper(helper: string, env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
	let stdout: string;
	try {
		({stdout} = await run(helper, [], {env, timeout: 10_000}));
	} catch (error) {
		throw new UsageError(`MD_VECTOR_HEADERS_HELPER ${helper} failed: ${(error as Error).message.split('\n')[0]}`);
	}

	let parsed: unknown;
	try {
		parsed = JSON.parse(stdout);
	} catch {
		throw new UsageError(`MD_VECTOR_HEADERS_HELPER ${helper} must print a JSON object of header names to values; it printed: ${stdout.slice(0, 80)}`);
	}

	return headerObject(parsed, `the output of MD_VECTOR_HEADERS_HELPER ${helper}`);
}
