// GET /documents/{file_name}: the collection, and a line range or a section ("Heading > Sub"). Several
// documents at once (POST /documents/get) are common/get/get-many.ts.
import {z} from 'zod';
import {collectionOrDefault} from './fields.js';

const lineNumber = z.string().regex(/^\d{1,9}$/, 'must be a whole number of 1 or more').transform(Number).refine(value => value >= 1, 'must be a whole number of 1 or more');

export const getDocumentQuery = z.object({
	collection: collectionOrDefault,
	line: lineNumber.optional(),
	count: lineNumber.optional(),
	section: z.string().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters').optional(),
});

export {getManyBody, type GetManyBody} from '../get/get-many.js';
