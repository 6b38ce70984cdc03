// GET /export and POST /import's query strings.
import {z} from 'zod';
import {defaultExportFormat, exportFormats} from '../export-formats.js';
import {collection, collectionOrDefault} from './fields.js';

export const exportQuery = z.object({
	collection: collectionOrDefault,
	format: z.enum(exportFormats, {error: `must be one of ${exportFormats.join(', ')}`}).default(defaultExportFormat),
});

/** An import without ?collection= restores into the collection named in the export. */
export const importQuery = z.object({collection});
