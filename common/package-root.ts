import path from 'node:path';
import {fileURLToPath} from 'node:url';

/**
 * The installed package's root folder. Two levels up from this code in either build: dist/common/ (tsc) and
 * dist/cli/ (the bundled command, tools/bundle-cli.ts).
 */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The md-vector command (package.json's bin), as an assistant's config or a shell runs it. */
export const cliBin = path.join(packageRoot, 'dist', 'cli', 'md-vector.cjs');

/** The daemon's entry file. */
export const daemonMain = path.join(packageRoot, 'dist', 'daemon', 'main.js');
