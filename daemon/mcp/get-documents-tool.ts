// The `get_documents` tool: several documents whole at once, by name and glob (as `md-vector get PATTERN...`),
// with their front matter; larger ones than max_bytes are listed as skipped, patterns matching nothing as unmatched.
import {getManyFields, type GetManyBody} from '../../common/get/get-many.js';
import {defaultCollection} from '../../common/search-contract.js';
import {toManyRequest} from '../from-wire/documents.js';
import {toManyDocuments} from '../to-wire/documents.js';
import type {ToolDefinition} from './tool-context.js';

export const getDocumentsTool: ToolDefinition<GetManyBody> = {
	name: 'get_documents',
	operation: 'getDocument',
	writes: false,
	title: 'Read several documents',
	description: 'Returns whole documents of a collection as they were indexed, with their front matter (meta): by name as search returns it (file) or by glob over the names ("api/*.md"; * within a folder, ** across). Documents larger than max_bytes are listed in skipped; patterns that match nothing in unmatched.',
	inputSchema: {
		patterns: getManyFields.patterns.describe('Names and globs, for example ["api/*.md", "guide/faq.md"]'),
		collection: getManyFields.collection.describe(`Collection (default ${defaultCollection})`),
		max_bytes: getManyFields.max_bytes.describe('Skip documents larger than this many bytes'),
	},
	run: async ({useCases, actor}, body) => toManyDocuments(await useCases.getDocuments(actor, toManyRequest(body))),
};
