// POST /models/use: a model folder (absolute), a hub id or a model's name; one collection, or all of them and the default.
import {z} from 'zod';
import {collection} from './fields.js';

export const modelUseBody = z.object({
	model: z.string({error: 'must be text: a model folder (an absolute path), a hub id or a model\'s name'}).trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
	collection: collection.optional(),
});
