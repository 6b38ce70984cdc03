// The shape of a capability file as the spec gives it, with md-vector's `clients` in place of a desktop
// application's `windows`/`webviews`. Structure is checked here; meaning (known permissions, globs, URL
// patterns, directory variables) in validate-capabilities.ts.
import {z} from 'zod';

const required = (type: string) => ({error: (issue: {input: unknown}) => (issue.input === undefined ? 'is required' : `must be ${type}`)});

export const platforms = ['linux', 'macOS', 'windows', 'iOS', 'android'] as const;

const scopeEntry = z.strictObject({
	collection: z.string(required('a string (a collection name or glob)')).optional(),
	path: z.string(required('a string (a path, may start with a directory variable such as $HOME)')).optional(),
}, {error: 'must be an object with a collection or a path'});

const permissionEntry = z.union([
	z.string(),
	z.strictObject({
		identifier: z.string(required('a string')),
		allow: z.array(scopeEntry, {error: 'must be a list of scope entries'}).optional(),
		deny: z.array(scopeEntry, {error: 'must be a list of scope entries'}).optional(),
	}),
], {error: 'must be a permission identifier or an object with an identifier and allow/deny scopes'});

export const capabilitySchema = z.strictObject({
	identifier: z.string(required('a string')).min(1, 'must not be empty'),
	description: z.string(required('a string')).default(''),
	permissions: z.array(permissionEntry, required('a list of permissions')),
	clients: z.array(z.string(required('a client label or glob')), {error: 'must be a list of client labels (globs allowed)'}).default([]),
	local: z.boolean(required('true or false')).default(true),
	remote: z.strictObject({urls: z.array(z.string(), required('a list of URL patterns')).min(1, 'must list at least one URL pattern')}).nullable().optional(),
	platforms: z.array(z.enum(platforms, {error: `must be one of ${platforms.join(', ')}`})).nullable().optional(),
});

export type CapabilityInput = z.infer<typeof capabilitySchema>;
export type ScopeEntry = z.infer<typeof scopeEntry>;

/** A file holds one capability, a list of them, or an object with a `capabilities` list. */
export function capabilityList(document: unknown): {items: unknown[]; base: string} {
	if (Array.isArray(document)) {
		return {items: document, base: '$'};
	}

	if (document && typeof document === 'object' && 'capabilities' in document) {
		const list = (document).capabilities;
		return {items: Array.isArray(list) ? list : [list], base: '$.capabilities'};
	}

	return {items: [document], base: ''};
}
