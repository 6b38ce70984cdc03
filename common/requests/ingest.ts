// POST /ingest: one document, its Markdown sent inline or a file the daemon may read.
import {z} from 'zod';
import {collectionOrDefault, ingestMode} from './fields.js';

/** Content sent inline may be at most 500 KB (UTF-8). */
export const maxContentBytes = 500 * 1024;

export const ingestBody = z.object({
	file_path: z.string().min(1, 'must not be empty').optional(),
	content: z.string().refine(text => Buffer.byteLength(text) <= maxContentBytes, 'must be at most 500 KB').optional(),
	file_name: z.string().min(1, 'must be 1 to 255 characters').max(255, 'must be 1 to 255 characters').optional(),
	collection: collectionOrDefault,
	mode: ingestMode.optional(),
}).refine(body => (body.file_path === undefined) !== (body.content === undefined), {message: 'give exactly one of file_path or content', path: ['file_path']});
