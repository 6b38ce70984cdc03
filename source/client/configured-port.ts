import {resolvePaths} from '../../common/paths.js';
import {UsageError} from './client-errors.js';

export const defaultPort = 7821;

/**
 * The port for a daemon this CLI starts: MD_VECTOR_PORT, else the port setting (md-vector config set port),
 * else 7821. The settings reader (and zod) load only here, when a daemon is started: one-shot calls skip them.
 */
export async function configuredPort(env: NodeJS.ProcessEnv): Promise<number> {
	const {withFileSettings} = await import('../../common/settings/read-settings.js');
	const value = withFileSettings(env, resolvePaths(env).config).MD_VECTOR_PORT;
	const port = value === undefined || value === '' ? defaultPort : Number(value);
	if (!/^\d*$/.test(value ?? '') || port > 65_535) {
		throw new UsageError(`MD_VECTOR_PORT must be a port number from 0 to 65535, got '${value}'`);
	}

	return port;
}
