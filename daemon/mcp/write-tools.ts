// The writing tools, not offered to a read-only server: ingest (content, or a file the caller may read) and
// delete_document. A collection left out is the default one, as on REST.
import {z} from 'zod';
import {defaultCollection, searchFields} from '../../common/search-contract.js';
import {ingestSource} from '../from-wire/documents.js';
import {toDeleteResult, toIngestResult} from '../to-wire/documents.js';
import {maxContentBytes} from '../../common/requests/ingest.js';
import type {ToolDefinition} from './tool-context.js';

const collection = searchFields.collection.describe(`Collection name (default "${defaultCollection}")`);

type IngestArguments = {content?: string; file_name?: string; file_path?: string; collection?: string};

export const ingestTool: ToolDefinition<IngestArguments> = {
	name: 'ingest',
	operation: 'ingest',
	writes: 'adds',
	title: 'Index a Markdown document',
	description: 'Adds or replaces a document: give its Markdown as content (with file_name), or file_path of a Markdown file the daemon may read. Unchanged content is skipped.',
	inputSchema: {
		content: z.string().max(maxContentBytes).optional().describe('Markdown text, at most 500 KB'),
		file_name: z.string().min(1).max(255).optional().describe('Name to store it under (with content)'),
		file_path: z.string().optional().describe('Absolute path of a Markdown file the daemon may read'),
		collection,
	},
	async run({useCases, actor}, input, extra) {
		if ((input.content === undefined) === (input.file_path === undefined)) {
			throw new Error('give exactly one of content or file_path');
		}

		// An assistant re-sending what is indexed changes nothing: unchanged content is skipped. A call cancelled,
		// or whose client is gone, stops embedding (nothing of it is stored).
		return toIngestResult(await useCases.ingest(actor, {
			...ingestSource(input), fileName: input.file_name, collection: input.collection ?? defaultCollection, mode: 'incremental', signal: extra?.signal,
		}));
	},
};

export const deleteDocumentTool: ToolDefinition<{file: string; collection?: string}> = {
	name: 'delete_document',
	operation: 'deleteDocument',
	writes: 'destroys',
	title: 'Delete a document',
	description: 'Removes a document and all its chunks from a collection.',
	inputSchema: {file: z.string().min(1).max(255).describe('The file as search returns it'), collection},
	run: async ({useCases, actor}, {file, collection: name}) =>
		toDeleteResult(await useCases.deleteDocument(actor, {collection: name ?? defaultCollection, file})),
};
