// How an assistant starts `md-vector mcp` so that it runs as printed: by an absolute path. The `md-vector` on the
// PATH when it is this very install (npm link, a global install); otherwise node and this install's script, both
// absolute (an assistant's host does not run a login shell: a bare `md-vector` would not be found).
import {accessSync, constants, realpathSync} from 'node:fs';
import path from 'node:path';
import {cliBin} from '../../common/package-root.js';

/** The script an assistant runs with node when no `md-vector` on PATH is this install. */
export const cliScript = cliBin;

const real = (file: string) => {
	try {
		return realpathSync(file);
	} catch {
		return undefined;
	}
};

/** The absolute path of an `md-vector` on PATH that is this install, if any. */
export function binOnPath(env: NodeJS.ProcessEnv = process.env): string | undefined {
	const script = real(cliScript);
	for (const folder of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
		const candidate = path.join(folder, 'md-vector');
		try {
			accessSync(candidate, constants.X_OK);
		} catch {
			continue;
		}

		if (real(candidate) === script) {
			return path.resolve(candidate);
		}
	}

	return undefined;
}

export function launcher(env: NodeJS.ProcessEnv = process.env): {command: string; args: string[]} {
	const bin = binOnPath(env);
	return bin ? {command: bin, args: []} : {command: process.execPath, args: [cliScript]};
}
