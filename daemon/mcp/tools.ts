// md-vector's tools for AI assistants (MCP): search, list_collections, list_sources, get_document_section, ingest,
// delete_document, stats. Results name the collection, file, heading path and level, score and lines, and say
// when the file changed on disk since it was indexed, so an assistant knows when to re-read or re-ingest it.
// A call that names no collection uses the sensible one (all for search), and an unknown one lists those that exist.
import path from 'node:path';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import {z} from 'zod';
import type {Engine} from '../engine/engine.js';
import {sha256} from '../engine/hash.js';
import {defaultCollection, searchFields} from '../../common/search-contract.js';
import {readSafeFile} from '../safe-path.js';
import type {ReadPolicy} from '../../common/capabilities/fs-scopes.js';
import {version} from '../../common/version.js';
import {toCollectionEntry, toCollectionStats, toSourceEntry} from '../to-wire/collections.js';
import {toDeleteResult, toDocumentSection, toIngestResult} from '../to-wire/documents.js';
import {describeCollections, oneCollection, type Allowed} from './collection-choice.js';
import {registerSearch} from './search-tool.js';
import {guarded} from './tool-result.js';
import {declaring, toolNeeds} from './tool-needs.js';

export type ToolContext = {
	readonly engine: Engine;
	/** Write tools (ingest, delete_document) are not offered. */
	readonly readOnly: boolean;
	/** What `ingest` with file_path may read: the allowed roots, or a client's fs scopes. */
	readonly readable: readonly string[] | ReadPolicy;
	/** Which collections list_collections and stats show (a client sees only those it may read). */
	readonly visible: Allowed;
	/** Which collections search and get_document_section use (a client: those it may search). */
	readonly searchable: Allowed;
};

const collection = searchFields.collection.describe(`Collection name (default "${defaultCollection}")`);
const anyCollection = searchFields.collection.describe('Collection name; may be left out when only one collection fits');

/** The tools for one caller; its instructions name the collections it may use (read now, hence async). */
export async function createMcpServer(context: ToolContext): Promise<McpServer> {
	const {engine} = context;
	const usable = (name: string) => context.searchable(name) || context.visible(name);
	const instructions = `Search the user's Markdown notes and documentation indexed by md-vector. Use search first (it searches every collection unless you name one), then get_document_section to read around a hit. ${await describeCollections(engine, usable)}`;
	const server = declaring(new McpServer({name: 'md-vector', version}, {instructions}));

	registerSearch(server, engine, context.searchable, guarded);

	server.registerTool('list_collections', {
		_meta: toolNeeds('collections:read', 'none'),
		title: 'List collections',
		description: 'The collections of indexed Markdown, with their document and chunk counts.',
		annotations: {readOnlyHint: true},
	}, guarded(async () => ({collections: (await engine.collections()).filter(entry => context.visible(entry.name)).map(entry => toCollectionEntry(entry))})));

	server.registerTool('get_document_section', {
		_meta: toolNeeds('search:default', 'named-or-any'),
		title: 'Read a section of a document',
		description: 'Returns the text of a document under a heading path (for example ["Install", "Linux"]; the document title may be left out; an empty path returns the whole document), to read around a search hit.',
		inputSchema: {
			file: z.string().min(1).max(255).describe('The file as search returns it'),
			heading_path: z.array(z.string()).optional().describe('Headings from the outermost; empty: the whole document'),
			collection: anyCollection,
		},
		annotations: {readOnlyHint: true},
	}, guarded(async ({file, heading_path: headingPath, collection: named}: {file: string; heading_path?: string[]; collection?: string}) => {
		const name = await oneCollection(engine, context.searchable, named, file);
		const section = await engine.documentSection(name, file, headingPath ?? []);
		if (!section) {
			throw new Error(`no section ${JSON.stringify(headingPath ?? [])} in '${file}' of collection '${name}'`);
		}

		return toDocumentSection(section);
	}));

	server.registerTool('list_sources', {
		_meta: toolNeeds('collections:read', 'named-or-any'),
		title: 'List the folders of a collection',
		description: 'The folders a collection is filled from and kept in sync with: path, label, include/exclude globs, documents and last sync.',
		inputSchema: {collection: anyCollection},
		annotations: {readOnlyHint: true},
	}, guarded(async ({collection: named}: {collection?: string}) => {
		const name = await oneCollection(engine, context.visible, named);
		return {collection: name, sources: (await engine.sources(name)).map(source => toSourceEntry(source))};
	}));

	server.registerTool('stats', {
		_meta: toolNeeds('collections:read', 'named-or-any'),
		title: 'Collection statistics',
		description: 'Documents, chunks, vectors, model and dimensions of a collection.',
		inputSchema: {collection: anyCollection},
		annotations: {readOnlyHint: true},
	}, guarded(async ({collection: named}: {collection?: string}) => toCollectionStats(await engine.stats(await oneCollection(engine, context.visible, named)))));

	if (context.readOnly) {
		return server;
	}

	server.registerTool('ingest', {
		_meta: toolNeeds('ingest:default'),
		title: 'Index a Markdown document',
		description: 'Adds or replaces a document: give its Markdown as content (with file_name), or file_path of a Markdown file the daemon may read. Unchanged content is skipped.',
		inputSchema: {
			content: z.string().max(500 * 1024).optional().describe('Markdown text, at most 500 KB'),
			file_name: z.string().min(1).max(255).optional().describe('Name to store it under (with content)'),
			file_path: z.string().optional().describe('Absolute path of a Markdown file the daemon may read'),
			collection,
		},
		annotations: {readOnlyHint: false, destructiveHint: false},
	}, guarded(async ({content, file_name: fileName, file_path: filePath, collection: name}: {content?: string; file_name?: string; file_path?: string; collection?: string}) => {
		if ((content === undefined) === (filePath === undefined)) {
			throw new Error('give exactly one of content or file_path');
		}

		if (filePath !== undefined) {
			const {realPath, text, stamp} = await readSafeFile('file_path', filePath, context.readable);
			return toIngestResult(await engine.ingest({content: text, fileName: fileName ?? path.basename(filePath), nameFromPath: fileName === undefined, sourcePath: realPath, stamp, collection: name ?? defaultCollection, mode: 'incremental'}));
		}

		return toIngestResult(await engine.ingest({content: content!, fileName: fileName ?? `document-${sha256(content!, 8)}.md`, collection: name ?? defaultCollection, mode: 'incremental'}));
	}));

	server.registerTool('delete_document', {
		_meta: toolNeeds('documents:delete'),
		title: 'Delete a document',
		description: 'Removes a document and all its chunks from a collection.',
		inputSchema: {file: z.string().min(1).max(255).describe('The file as search returns it'), collection},
		annotations: {readOnlyHint: false, destructiveHint: true},
	}, guarded(async ({file, collection: name}: {file: string; collection?: string}) => toDeleteResult(await engine.deleteDocument(name ?? defaultCollection, file))));

	return server;
}
