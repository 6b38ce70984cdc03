// Each operation of the use-case layer, described once: the permission it needs on the collections it touches,
// and which collection a call names for that check. A use case checks the permission (Actor.require) on the
// collections it resolves; the front doors check a call before they read its input, with one gatekeeper
// (admit-operation.ts) given the collection the call names, however the door found it (a REST route's body,
// query string or path; an MCP tool's arguments). The request schemas are in common/requests/.
import type {collectionPermissions} from '../../common/access/permission-catalogue.js';

export type CollectionPermission = (typeof collectionPermissions)[number];

/**
 * Which collection a call's permission is checked on at the door: 'named-or-default' the one it names, else the
 * default collection; 'named-or-any' the one it names, else any grant of the permission (the use case resolves
 * which: every collection the caller may search, the one that fits, the one an import's export names); 'none'
 * any grant (the use case checks each collection it touches).
 */
export type CollectionNamed = 'named-or-default' | 'named-or-any' | 'none';

export type OperationRule = {
	readonly permission: CollectionPermission;
	readonly collection: CollectionNamed;
};

export const operationRules = {
	search: {permission: 'search:default', collection: 'named-or-any'},
	getDocument: {permission: 'search:default', collection: 'named-or-default'},
	documentSection: {permission: 'search:default', collection: 'named-or-any'},
	listCollections: {permission: 'collections:read', collection: 'none'},
	stats: {permission: 'collections:read', collection: 'named-or-any'},
	sources: {permission: 'collections:read', collection: 'named-or-any'},
	listDocuments: {permission: 'collections:read', collection: 'named-or-default'},
	ingest: {permission: 'ingest:default', collection: 'named-or-default'},
	deleteDocument: {permission: 'documents:delete', collection: 'named-or-default'},
	/** Deleting, renaming (which also needs ingest:default on the new name) and removing a folder empty the name. */
	deleteCollection: {permission: 'documents:delete', collection: 'named-or-default'},
	renameCollection: {permission: 'documents:delete', collection: 'named-or-default'},
	removeSource: {permission: 'documents:delete', collection: 'named-or-default'},
	ingestDirectory: {permission: 'ingest:default', collection: 'named-or-default'},
	update: {permission: 'ingest:default', collection: 'none'},
	watch: {permission: 'ingest:default', collection: 'none'},
	/** Reading, following and cancelling jobs: any grant of ingest:default. */
	jobs: {permission: 'ingest:default', collection: 'none'},
	export: {permission: 'export:default', collection: 'named-or-default'},
	import: {permission: 'ingest:default', collection: 'named-or-any'},
	/** Vectors of any text from the daemon's model (POST /v1/embeddings): one daemon embeds for others. */
	embed: {permission: 'embeddings:default', collection: 'none'},
} as const satisfies Record<string, OperationRule>;

export type Operation = keyof typeof operationRules;

/** Each operation's permission, as the use cases check it (operations.search is 'search:default'). */
export const operations = Object.fromEntries(Object.entries(operationRules).map(([operation, rule]) => [operation, rule.permission])) as {
	readonly [Name in Operation]: (typeof operationRules)[Name]['permission'];
};

export const isOperation = (value: unknown): value is Operation => typeof value === 'string' && Object.hasOwn(operationRules, value);
