import {readFileSync} from 'node:fs';
import path from 'node:path';
import {packageRoot} from './package-root.js';

/** The package version: the daemon and the CLI compare it to detect a daemon of another version. */
export const {version} = (JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {version: string});
