// `$HOME`, `$DOCUMENT`, `$APPDATA`... at the start of an fs scope path, resolved per platform the way the
// desktop framework names its base directories. `$APP*` are md-vector's own folders.
import os from 'node:os';
import path from 'node:path';
import {closest} from 'fastest-levenshtein';
import {resolvePaths} from '../paths.js';
import type {FsScope} from './permission-catalogue.js';

export const directoryVariables = [
	'APP', 'APPCACHE', 'APPCONFIG', 'APPDATA', 'APPLOCALDATA', 'APPLOG', 'AUDIO', 'CACHE', 'CONFIG', 'DATA', 'DESKTOP', 'DOCUMENT',
	'DOWNLOAD', 'EXE', 'FONT', 'HOME', 'LOCALDATA', 'LOG', 'PICTURE', 'PUBLIC', 'RESOURCE', 'RUNTIME', 'TEMP', 'TEMPLATE', 'VIDEO',
] as const;

export type DirectoryVariable = (typeof directoryVariables)[number];

export const nearestVariable = (name: string) => closest(name, directoryVariables);

/** The variable a path starts with (`$HOME/notes/**` -> HOME), or undefined when it starts with none. */
export function leadingVariable(scopePath: string): string | undefined {
	return /^\$([A-Za-z_]+)(?=\/|$)/.exec(scopePath)?.[1];
}

/** The folder a variable stands for on this machine (undefined where the platform has none). */
export function resolveVariable(name: DirectoryVariable, env: NodeJS.ProcessEnv = process.env, platform = process.platform): string | undefined {
	const home = env.HOME ?? os.homedir();
	const own = resolvePaths(env);
	const xdg = (variable: string, fallback: string) => env[variable] ?? path.join(home, fallback);
	const byPlatform = (linux: string, mac: string, windows: string) => (platform === 'darwin' ? mac : (platform === 'win32' ? windows : linux));
	const appData = env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
	const localAppData = env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local');
	const folders: Record<DirectoryVariable, string | undefined> = {
		APP: own.config, APPCONFIG: own.config, APPDATA: own.data, APPLOCALDATA: own.data, APPCACHE: own.cache, APPLOG: own.state,
		HOME: home, TEMP: os.tmpdir(), EXE: path.dirname(process.execPath), RESOURCE: path.dirname(process.execPath),
		CONFIG: byPlatform(xdg('XDG_CONFIG_HOME', '.config'), path.join(home, 'Library', 'Application Support'), appData),
		DATA: byPlatform(xdg('XDG_DATA_HOME', '.local/share'), path.join(home, 'Library', 'Application Support'), appData),
		LOCALDATA: byPlatform(xdg('XDG_DATA_HOME', '.local/share'), path.join(home, 'Library', 'Application Support'), localAppData),
		CACHE: byPlatform(xdg('XDG_CACHE_HOME', '.cache'), path.join(home, 'Library', 'Caches'), localAppData),
		LOG: byPlatform(xdg('XDG_STATE_HOME', '.local/state'), path.join(home, 'Library', 'Logs'), localAppData),
		RUNTIME: byPlatform(env.XDG_RUNTIME_DIR ?? '', '', '') || undefined,
		FONT: byPlatform(path.join(xdg('XDG_DATA_HOME', '.local/share'), 'fonts'), path.join(home, 'Library', 'Fonts'), '') || undefined,
		AUDIO: path.join(home, 'Music'), DESKTOP: path.join(home, 'Desktop'), DOCUMENT: path.join(home, 'Documents'),
		DOWNLOAD: path.join(home, 'Downloads'), PICTURE: path.join(home, 'Pictures'), PUBLIC: path.join(home, 'Public'),
		TEMPLATE: path.join(home, 'Templates'), VIDEO: path.join(home, 'Videos'),
	};
	return folders[name];
}

/** The variable standing for an `fs:allow-<scope>-...` scope (home -> HOME). */
export const variableOfScope = (scope: FsScope) => scope.toUpperCase() as DirectoryVariable;
