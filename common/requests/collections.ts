// A collection's reads and changes: the ?collection= of the read routes and DELETE /documents, a rename, a
// folder source removed.
import {z} from 'zod';
import {collectionOrDefault} from './fields.js';

/** ?collection= of the read routes and DELETE /documents. */
export const collectionQuery = z.object({collection: collectionOrDefault});

/** PATCH /collections/{name}: the new name. */
export const renameBody = z.object({name: z.string({error: 'must be a string'}).min(1, 'must be 1-128 characters').max(128, 'must be 1-128 characters')});

/** DELETE /collections/{name}/sources: the folder (a body: a path may be long and full of '/'). */
export const sourcePathBody = z.object({path: z.string().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters')});
