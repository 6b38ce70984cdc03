import {z} from 'zod';
import {searchFields} from '../../common/search-contract.js';

const maxContentBytes = 500 * 1024;
const {collection} = searchFields;
const mode = z.enum(['default', 'incremental', 'force']).optional();

export {searchBody} from '../../common/search-contract.js';

export const ingestBody = z.object({
	file_path: z.string().min(1, 'must not be empty').optional(),
	content: z.string().refine(text => Buffer.byteLength(text) <= maxContentBytes, 'must be at most 500 KB').optional(),
	file_name: z.string().min(1, 'must be 1 to 255 characters').max(255, 'must be 1 to 255 characters').optional(),
	collection,
	mode,
}).refine(body => (body.file_path === undefined) !== (body.content === undefined), {message: 'give exactly one of file_path or content', path: ['file_path']});

export const directoryJobBody = z.object({
	directory: z.string().min(1, 'must not be empty'),
	collection,
	mode,
});
