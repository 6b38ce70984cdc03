// The reading tools besides search: list_collections, get_document_section, list_sources and stats. A call that
// names no collection gets the one that fits (the use cases choose: the only one, or the one holding the file).
import {z} from 'zod';
import {searchFields} from '../../common/search-contract.js';
import {toCollectionEntry, toCollectionStats, toSourceEntry} from '../to-wire/collections.js';
import {toDocumentSection} from '../to-wire/documents.js';
import type {ToolDefinition} from './tool-context.js';

const anyCollection = searchFields.collection.describe('Collection name; may be left out when only one collection fits');

export const listCollectionsTool: ToolDefinition = {
	name: 'list_collections',
	operation: 'listCollections',
	writes: false,
	title: 'List collections',
	description: 'The collections of indexed Markdown, with their document and chunk counts.',
	run: async ({useCases, actor}) => ({collections: (await useCases.listCollections(actor)).map(entry => toCollectionEntry(entry))}),
};

export const documentSectionTool: ToolDefinition<{file: string; heading_path?: string[]; collection?: string}> = {
	name: 'get_document_section',
	operation: 'documentSection',
	writes: false,
	title: 'Read a section of a document',
	description: 'Returns the text of a document under a heading path (for example ["Install", "Linux"]; the document title may be left out; an empty path returns the whole document), to read around a search hit.',
	inputSchema: {
		file: z.string().min(1).max(255).describe('The file as search returns it'),
		heading_path: z.array(z.string()).optional().describe('Headings from the outermost; empty: the whole document'),
		collection: anyCollection,
	},
	run: async ({useCases, actor}, {file, heading_path: headingPath, collection}) =>
		toDocumentSection(await useCases.documentSection(actor, {collection, file, headingPath: headingPath ?? []})),
};

export const listSourcesTool: ToolDefinition<{collection?: string}> = {
	name: 'list_sources',
	operation: 'sources',
	writes: false,
	title: 'List the folders of a collection',
	description: 'The folders a collection is filled from and kept in sync with: path, label, include/exclude globs, documents and last sync.',
	inputSchema: {collection: anyCollection},
	async run({useCases, actor}, {collection}) {
		const listed = await useCases.sources(actor, collection);
		return {collection: listed.collection, sources: listed.sources.map(source => toSourceEntry(source))};
	},
};

export const statsTool: ToolDefinition<{collection?: string}> = {
	name: 'stats',
	operation: 'stats',
	writes: false,
	title: 'Collection statistics',
	description: 'Documents, chunks, vectors, model and dimensions of a collection.',
	inputSchema: {collection: anyCollection},
	run: async ({useCases, actor}, {collection}) => toCollectionStats(await useCases.stats(actor, collection)),
};
