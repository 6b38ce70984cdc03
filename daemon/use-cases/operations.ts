// Each operation of the use-case layer and the permission it needs on the collections it touches: the one place
// this rule is written. A use case checks it (Actor.require) on the collections it resolves; the front doors
// declare the operation they serve (a REST route's first handler, an MCP tool's _meta), which lets the walk tests
// find every undeclared one, and refuse with the same rule before they read the input.
import type {collectionPermissions} from '../../common/capabilities/permission-catalogue.js';

export type CollectionPermission = (typeof collectionPermissions)[number];

export const operations = {
	search: 'search:default',
	getDocument: 'search:default',
	documentSection: 'search:default',
	listCollections: 'collections:read',
	stats: 'collections:read',
	sources: 'collections:read',
	listDocuments: 'collections:read',
	ingest: 'ingest:default',
	deleteDocument: 'documents:delete',
	/** Deleting, renaming (which also needs ingest:default on the new name) and removing a folder empty the name. */
	deleteCollection: 'documents:delete',
	renameCollection: 'documents:delete',
	removeSource: 'documents:delete',
	ingestDirectory: 'ingest:default',
	update: 'ingest:default',
	watch: 'ingest:default',
	/** Reading, following and cancelling jobs: any grant of ingest:default. */
	jobs: 'ingest:default',
	export: 'export:default',
	import: 'ingest:default',
	/** Vectors of any text from the daemon's model (POST /v1/embeddings): one daemon embeds for others. */
	embed: 'embeddings:default',
} as const satisfies Record<string, CollectionPermission>;

export type Operation = keyof typeof operations;
