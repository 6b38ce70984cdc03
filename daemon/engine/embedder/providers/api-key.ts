import {exec} from 'node:child_process';
import {promisify} from 'node:util';
import {ProviderError} from './provider-errors.js';
import type {ProviderSettings} from './provider-settings.js';

const commandTimeoutMs = 30_000;
const run = promisify(exec);

/**
 * The key to send, if any: MD_VECTOR_EMBED_KEY, else what MD_VECTOR_EMBED_KEY_COMMAND prints (its first line,
 * trimmed). The command runs in a shell, as the user typed it; the key is never logged or stored.
 */
export async function readKey(settings: Pick<ProviderSettings, 'key' | 'keyCommand'>): Promise<string | undefined> {
	if (settings.key) {
		return settings.key;
	}

	if (!settings.keyCommand) {
		return undefined;
	}

	let stdout: string;
	try {
		({stdout} = await run(settings.keyCommand, {timeout: commandTimeoutMs, maxBuffer: 64 * 1024, encoding: 'utf8'}));
	} catch (error) {
		const {code, killed} = error as {code?: number | string; killed?: boolean};
		const why = killed ? `did not finish in ${commandTimeoutMs / 1000} s` : `failed${typeof code === 'number' ? ` (exit ${code})` : ''}`;
		throw new ProviderError('key', `MD_VECTOR_EMBED_KEY_COMMAND (the embed-key-command setting) ${why}: run it yourself to see why, or set MD_VECTOR_EMBED_KEY`, {cause: error});
	}

	const key = stdout.split('\n')[0]!.trim();
	if (!key) {
		throw new ProviderError('key', 'MD_VECTOR_EMBED_KEY_COMMAND (the embed-key-command setting) printed nothing: it must print the key on its standard output');
	}

	return key;
}
