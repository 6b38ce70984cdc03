import path from 'node:path';
import envPaths from 'env-paths';

export type Paths = {
	/** Settings (config.json, capabilities/). */
	readonly config: string;
	/** The store (SQLite) and the vector index files. */
	readonly data: string;
	/** Downloaded models. */
	readonly cache: string;
	/** The daemon's discovery record and log. */
	readonly state: string;
};

/** XDG-style directories; MD_VECTOR_HOME puts all of them under one folder (tests, portable installs). */
export function resolvePaths(env: NodeJS.ProcessEnv = process.env): Paths {
	const home = env.MD_VECTOR_HOME;
	if (home) {
		const root = path.resolve(home);
		return {
			config: path.join(root, 'config'),
			data: path.join(root, 'data'),
			cache: path.join(root, 'cache'),
			state: path.join(root, 'state'),
		};
	}

	const dirs = envPaths('md-vector', {suffix: ''});
	return {config: dirs.config, data: dirs.data, cache: dirs.cache, state: dirs.log};
}
