// Which paths a client's fs permissions let `file_path` and directory ingest read. Scope paths are globs
// after their directory variable is resolved; `fs:allow-<scope>-read[-recursive]` without scopes means that
// base directory (and, recursive, everything below it). Deny scopes win.
import path from 'node:path';
import {capabilityGlobMatches} from './capability-globs.js';
import type {Grant} from './effective.js';
import {leadingVariable, resolveVariable, variableOfScope, type DirectoryVariable} from './directory-variables.js';
import {parseFsAllow} from './permission-catalogue.js';

const readAccess = new Set(['read', 'read-recursive', 'write', 'write-recursive']);

/** A scope path with its variable replaced by this machine's folder; undefined when the folder does not exist here. */
function resolveScopePath(scopePath: string, env: NodeJS.ProcessEnv): string | undefined {
	const variable = leadingVariable(scopePath);
	if (!variable) {
		return scopePath;
	}

	const folder = resolveVariable(variable as DirectoryVariable, env);
	return folder === undefined ? undefined : path.join(folder, scopePath.slice(variable.length + 1));
}

export type ReadPolicy = {readonly mayRead: (realPath: string) => boolean; readonly describe: string};

export function fsReadPolicy(grants: readonly Grant[], env: NodeJS.ProcessEnv = process.env): ReadPolicy {
	const allow: string[] = [];
	const deny: string[] = [];
	for (const {permission} of grants) {
		const parsed = parseFsAllow(permission.identifier);
		const grantsRead = permission.identifier === 'fs:default' || permission.identifier === 'fs:allow-write-file' || (parsed && readAccess.has(parsed.access));
		if (!grantsRead) {
			continue;
		}

		const scoped = permission.allow.map(scope => resolveScopePath(scope.path!, env)).filter((glob): glob is string => glob !== undefined);
		if (scoped.length > 0) {
			allow.push(...scoped);
		} else if (parsed) {
			const base = resolveVariable(variableOfScope(parsed.scope), env);
			if (base) {
				allow.push(parsed.access.endsWith('-recursive') ? path.join(base, '**') : path.join(base, '*'));
			}
		}

		deny.push(...permission.deny.map(scope => resolveScopePath(scope.path!, env)).filter((glob): glob is string => glob !== undefined));
	}

	const allowed = (realPath: string) => allow.some(glob => capabilityGlobMatches(glob, realPath));
	const denied = (realPath: string) => deny.some(glob => capabilityGlobMatches(glob, realPath));
	return {
		mayRead: realPath => allowed(realPath) && !denied(realPath),
		describe: allow.length > 0 ? `the client's fs scopes (${allow.join(', ')})` : 'the client\'s fs scopes (it has none that allow reading)',
	};
}
