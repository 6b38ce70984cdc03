import {z} from 'zod';

const maxContentBytes = 500 * 1024;
const collection = z.string().max(128, 'must be at most 128 characters').optional();
const mode = z.enum(['default', 'incremental', 'force']).optional();

export const searchBody = z.object({
	query: z.string({error: 'is required and must be a string'}).min(1, 'must be 1 to 2000 characters').max(2000, 'must be 1 to 2000 characters'),
	top_k: z.number({error: 'must be an integer from 1 to 100'}).int('must be an integer from 1 to 100').min(1, 'must be an integer from 1 to 100').max(100, 'must be an integer from 1 to 100').optional(),
	collection,
	mode: z.enum(['semantic', 'keyword', 'hybrid'], {error: 'must be \'semantic\', \'keyword\' or \'hybrid\''}).optional(),
	collapse: z.boolean({error: 'must be true or false'}).optional(),
	fusion: z.enum(['rrf', 'convex'], {error: 'must be \'rrf\' or \'convex\''}).optional(),
});

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
