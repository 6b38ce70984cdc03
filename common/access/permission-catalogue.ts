// Every permission identifier md-vector knows: its own (scoped by collection) and the spec's file-system ones
// (scoped by path). Unknown identifiers are refused with the nearest known one as a hint.
import {closest} from 'fastest-levenshtein';

/**
 * md-vector's own permissions; scope entries are `{ "collection": "<glob>" }`. `embeddings:default` (vectors of
 * any text from the daemon's model, POST /v1/embeddings) touches no collection: its scopes do not apply.
 */
export const collectionPermissions = ['collections:read', 'search:default', 'ingest:default', 'documents:delete', 'export:default', 'embeddings:default'] as const;

/**
 * File-system scopes of `fs:allow-<scope>-<access>`: the spec's list up to `public`, then the rest of the
 * desktop framework's base directories (the spec leaves them "not shown").
 */
export const fsScopes = [
	'app', 'appcache', 'appconfig', 'appdata', 'applocaldata', 'applog', 'audio', 'cache', 'config', 'data', 'desktop', 'document',
	'download', 'exe', 'font', 'home', 'localdata', 'log', 'picture', 'public', 'resource', 'runtime', 'temp', 'template', 'video',
] as const;

export const fsAccess = ['meta', 'meta-recursive', 'read', 'read-recursive', 'write', 'write-recursive'] as const;

export type FsScope = (typeof fsScopes)[number];
export type FsAccess = (typeof fsAccess)[number];

const fsIdentifiers = ['fs:default', 'fs:allow-write-file', ...fsScopes.flatMap(scope => fsAccess.map(access => `fs:allow-${scope}-${access}`))];
export const knownPermissions: readonly string[] = [...collectionPermissions, ...fsIdentifiers];
const known = new Set(knownPermissions);

export const isKnownPermission = (identifier: string) => known.has(identifier);
export const isFsPermission = (identifier: string) => identifier.startsWith('fs:');
export const nearestPermission = (identifier: string) => closest(identifier, knownPermissions);

/** The scope and access an `fs:allow-<scope>-<access>` identifier grants; undefined for other identifiers. */
export function parseFsAllow(identifier: string): {scope: FsScope; access: FsAccess} | undefined {
	for (const access of [...fsAccess].sort((a, b) => b.length - a.length)) { // read-recursive before read
		const suffix = `-${access}`;
		if (identifier.startsWith('fs:allow-') && identifier.endsWith(suffix)) {
			const scope = identifier.slice('fs:allow-'.length, -suffix.length) as FsScope;
			return fsScopes.includes(scope) ? {scope, access} : undefined;
		}
	}

	return undefined;
}
