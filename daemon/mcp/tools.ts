// md-vector's tools for AI assistants (MCP): search, list_collections, get_document_section, ingest,
// delete_document, stats. Results name the file, heading path and level, score and lines, and say when the
// file changed on disk since it was indexed, so an assistant knows when to re-read or re-ingest it.
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';
import type {Engine} from '../engine/engine.js';
import {sha256} from '../engine/hash.js';
import {defaultCollection, searchDefaults, searchFields, searchLimits, type SearchBody, fromSearchBody} from '../../common/search-contract.js';
import {resolveSafePath} from '../safe-path.js';
import type {ReadPolicy} from '../../common/capabilities/fs-scopes.js';
import {version} from '../../common/version.js';
import {toCollectionEntry, toCollectionStats} from '../wire/collections.js';
import {toDeleteResult, toDocumentSection, toIngestResult} from '../wire/documents.js';
import {declaring, toolNeeds} from './tool-needs.js';

export type ToolContext = {
	readonly engine: Engine;
	/** Write tools (ingest, delete_document) are not offered. */
	readonly readOnly: boolean;
	/** What `ingest` with file_path may read: the allowed roots, or a client's fs scopes. */
	readonly readable: readonly string[] | ReadPolicy;
	/** Which collections list_collections shows (a client sees only those it may read). */
	readonly visible: (collection: string) => boolean;
};

const collection = searchFields.collection.describe(`Collection name (default "${defaultCollection}")`);

const ok = (value: unknown): CallToolResult => ({content: [{type: 'text', text: JSON.stringify(value, null, 2)}], structuredContent: value as Record<string, unknown>});
const failed = (error: unknown): CallToolResult => ({content: [{type: 'text', text: error instanceof Error ? error.message : String(error)}], isError: true});
const guarded = <A>(run: (args: A) => Promise<unknown> | unknown) => async (args: A) => {
	try {
		return ok(await run(args));
	} catch (error) {
		return failed(error);
	}
};

/** Whether each hit's file still has the content that was indexed (null: it was sent inline, not read from disk). */
async function changedOnDisk(engine: Engine, collectionName: string, files: readonly string[]): Promise<Map<string, boolean | null>> {
	const changed = new Map<string, boolean | null>();
	for (const file of new Set(files)) {
		const source = await engine.document(collectionName, file);
		if (!source?.sourcePath) {
			changed.set(file, null);
			continue;
		}

		const current = await readFile(source.sourcePath, 'utf8').then(text => sha256(text), () => undefined);
		changed.set(file, current !== source.contentHash); // a deleted file counts as changed
	}

	return changed;
}

export function createMcpServer(context: ToolContext): McpServer {
	const {engine} = context;
	const server = declaring(new McpServer({name: 'md-vector', version}, {instructions: 'Search the user\'s Markdown notes and documentation indexed by md-vector. Use search first, then get_document_section to read around a hit.'}));

	server.registerTool('search', {
		_meta: toolNeeds('search:default'), // the permission it needs (checked before a call runs)
		title: 'Search indexed Markdown',
		description: 'Finds the chunks of indexed Markdown most relevant to a query. hybrid (default) combines meaning and keywords; keyword is exact terms (BM25); semantic is meaning only. Each result has file, heading_path, heading_level, score, lines and content, and changed_on_disk (true when the file differs from what was indexed or is gone; null when it was not read from disk).',
		inputSchema: {
			query: searchFields.query.describe('What to look for, in words or exact terms'),
			top_k: searchFields.top_k.describe(`Number of results, ${searchLimits.topKMin} to ${searchLimits.topKMax} (default ${searchDefaults.topK})`),
			mode: searchFields.mode.describe(`Ranking (default ${searchDefaults.mode})`),
			collection,
		},
		annotations: {readOnlyHint: true},
	}, guarded(async (body: SearchBody) => {
		const response = await engine.search(fromSearchBody(body));
		const changed = await changedOnDisk(engine, response.collection, response.results.map(result => result.fileName));
		return {
			collection: response.collection, mode: response.mode, ...(response.notice ? {notice: response.notice} : {}),
			results: response.results.map(result => ({
				file: result.fileName, heading_path: result.headingPath, heading_level: result.headingLevel, section_title: result.sectionTitle,
				score: result.score, start_line: result.startLine, end_line: result.endLine, content: result.content, changed_on_disk: changed.get(result.fileName) ?? null,
			})),
		};
	}));

	server.registerTool('list_collections', {
		_meta: toolNeeds('collections:read', 'none'),
		title: 'List collections',
		description: 'The collections of indexed Markdown, with their document and chunk counts.',
		annotations: {readOnlyHint: true},
	}, guarded(async () => ({collections: (await engine.collections()).filter(entry => context.visible(entry.name)).map(entry => toCollectionEntry(entry))})));

	server.registerTool('get_document_section', {
		_meta: toolNeeds('search:default'),
		title: 'Read a section of a document',
		description: 'Returns the text of a document under a heading path (for example ["Install", "Linux"]; the document title may be left out; an empty path returns the whole document), to read around a search hit.',
		inputSchema: {
			file: z.string().min(1).max(255).describe('The file as search returns it'),
			heading_path: z.array(z.string()).optional().describe('Headings from the outermost; empty: the whole document'),
			collection,
		},
		annotations: {readOnlyHint: true},
	}, guarded(async ({file, heading_path: headingPath, collection: name}: {file: string; heading_path?: string[]; collection?: string}) => {
		const section = await engine.documentSection(name ?? defaultCollection, file, headingPath ?? []);
		if (!section) {
			throw new Error(`no section ${JSON.stringify(headingPath ?? [])} in '${file}' of collection '${name ?? defaultCollection}'`);
		}

		return toDocumentSection(section);
	}));

	server.registerTool('stats', {
		_meta: toolNeeds('collections:read'),
		title: 'Collection statistics',
		description: 'Documents, chunks, vectors, model and dimensions of a collection.',
		inputSchema: {collection},
		annotations: {readOnlyHint: true},
	}, guarded(async ({collection: name}: {collection?: string}) => toCollectionStats(await engine.stats(name ?? defaultCollection))));

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
			const real = await resolveSafePath('file_path', filePath, context.readable, 'file');
			return toIngestResult(await engine.ingest({content: await readFile(real, 'utf8'), fileName: fileName ?? path.basename(filePath), sourcePath: real, collection: name ?? defaultCollection, mode: 'incremental'}));
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
