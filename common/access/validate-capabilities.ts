// Reads a capability file and refuses anything it cannot be sure of: every problem names the file, the JSON
// path, the rule, and for a misspelt identifier or variable the nearest valid one.
import {URLPattern} from 'urlpattern-polyfill';
import {capabilityGlobProblem} from './capability-globs.js';
import {capabilityList, capabilitySchema, type ScopeEntry} from './capability-schema.js';
import {directoryVariables, leadingVariable, nearestVariable} from './directory-variables.js';
import {isFsPermission, isKnownPermission, nearestPermission} from './permission-catalogue.js';
import {oauthEntryProblem} from './oauth-labels.js';

export type Permission = {readonly identifier: string; readonly allow: readonly ScopeEntry[]; readonly deny: readonly ScopeEntry[]};

export type Capability = {
	readonly identifier: string;
	readonly description: string;
	readonly permissions: readonly Permission[];
	readonly clients: readonly string[];
	readonly local: boolean;
	readonly remote?: {readonly urls: readonly string[]};
	readonly platforms?: readonly string[];
	/** The file it came from. */
	readonly source: string;
};

export class CapabilityError extends Error {
	constructor(readonly problems: readonly string[]) {
		super(problems.join('\n'));
		this.name = 'CapabilityError';
	}
}

/** `$.capabilities[0].permissions[2]` from a base and a validator's path segments. */
export const jsonPath = (base: string, segments: readonly PropertyKey[]) =>
	base + segments.map(segment => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('');

/** A config file's JSON, or a CapabilityError naming the file. */
export function parseJsonFile(text: string, file: string): unknown {
	try {
		return JSON.parse(text);
	} catch (error) {
		throw new CapabilityError([`${file}: $: not valid JSON (${(error as Error).message})`]);
	}
}

/** The capabilities of one file's text; throws CapabilityError listing every problem found. */
export function parseCapabilityFile(text: string, file: string): Capability[] {
	const document = parseJsonFile(text, file);

	const problems: string[] = [];
	const capabilities: Capability[] = [];
	const {items, base} = capabilityList(document);
	for (const [index, item] of items.entries()) {
		const at = base ? `${base}[${index}]` : '$';
		const problem = (segments: readonly PropertyKey[], rule: string) => problems.push(`${file}: ${jsonPath(at, segments)}: ${rule}`);
		if (item && typeof item === 'object' && ('windows' in item || 'webviews' in item)) {
			problem(['windows' in item ? 'windows' : 'webviews'], 'md-vector capabilities bind to API clients: list their labels in "clients"');
			continue;
		}

		const parsed = capabilitySchema.safeParse(item);
		if (!parsed.success) {
			for (const issue of parsed.error.issues) {
				problem(issue.path, issue.message);
			}

			continue;
		}

		const capability = parsed.data;
		const permissions = checkPermissions(capability.permissions, problem);
		for (const [position, label] of capability.clients.entries()) {
			checkGlob(label, ['clients', position], problem);
			const oauthProblem = oauthEntryProblem(label);
			if (oauthProblem) {
				problem(['clients', position], oauthProblem);
			}
		}

		for (const [position, url] of (capability.remote?.urls ?? []).entries()) {
			try {
				new URLPattern(url); // eslint-disable-line no-new
			} catch (error) {
				problem(['remote', 'urls', position], `'${url}' is not a valid URL pattern (URLPattern standard): ${(error as Error).message}`);
			}
		}

		capabilities.push({
			identifier: capability.identifier, description: capability.description, permissions, clients: capability.clients, local: capability.local,
			...(capability.remote ? {remote: capability.remote} : {}), ...(capability.platforms ? {platforms: capability.platforms} : {}), source: file,
		});
	}

	if (problems.length > 0) {
		throw new CapabilityError(problems);
	}

	return capabilities;
}

type Problem = (segments: readonly PropertyKey[], rule: string) => void;

function checkPermissions(entries: ReadonlyArray<string | {identifier: string; allow?: ScopeEntry[]; deny?: ScopeEntry[]}>, problem: Problem): Permission[] {
	const seen = new Map<string, number>();
	const permissions: Permission[] = [];
	for (const [index, entry] of entries.entries()) {
		const permission = typeof entry === 'string' ? {identifier: entry, allow: [], deny: []} : {identifier: entry.identifier, allow: entry.allow ?? [], deny: entry.deny ?? []};
		const at = typeof entry === 'string' ? ['permissions', index] : ['permissions', index, 'identifier'];
		if (!isKnownPermission(permission.identifier)) {
			problem(at, `unknown permission '${permission.identifier}' (did you mean '${nearestPermission(permission.identifier)}'?)`);
			continue;
		}

		if (seen.has(permission.identifier)) {
			problem(at, `'${permission.identifier}' is listed twice (also at permissions[${seen.get(permission.identifier)}]); permissions must be unique`);
			continue;
		}

		seen.set(permission.identifier, index);
		for (const list of ['allow', 'deny'] as const) {
			for (const [position, scope] of permission[list].entries()) {
				checkScope(permission.identifier, scope, ['permissions', index, list, position], problem);
			}
		}

		permissions.push(permission);
	}

	return permissions;
}

function checkScope(identifier: string, scope: ScopeEntry, at: PropertyKey[], problem: Problem): void {
	const fs = isFsPermission(identifier);
	const key = fs ? 'path' : 'collection';
	const other = fs ? 'collection' : 'path';
	if (scope[other] !== undefined || scope[key] === undefined) {
		problem(at, `a scope of '${identifier}' is { "${key}": ... }${fs ? ' (a path, may start with $HOME or another directory variable)' : ' (a collection name or glob)'}`);
		return;
	}

	const value = scope[key];
	if (!fs) {
		checkGlob(value, [...at, 'collection'], problem);
		return;
	}

	const variable = leadingVariable(value);
	if (value.startsWith('$') && (!variable || !(directoryVariables as readonly string[]).includes(variable))) {
		const name = variable ?? value.slice(1).split('/')[0]!;
		problem([...at, 'path'], `unknown directory variable '$${name}' (did you mean '$${nearestVariable(name)}'?)`);
		return;
	}

	if (!variable && !value.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(value)) {
		problem([...at, 'path'], `'${value}' must be absolute or start with a directory variable such as $HOME`);
	} else if (value.split(/[\\/]/).includes('..')) {
		problem([...at, 'path'], `'${value}' must not contain '..'`);
	} else {
		checkGlob(value, [...at, 'path'], problem);
	}
}

function checkGlob(glob: string, at: PropertyKey[], problem: Problem): void {
	if (!glob) {
		problem(at, 'must not be empty');
		return;
	}

	const why = capabilityGlobProblem(glob);
	if (why) {
		problem(at, `'${glob}' is not a valid glob: ${why}`);
	}
}
