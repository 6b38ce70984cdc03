// The owner's model requests: install and verify a model of the catalogue (jobs), and switch collections to a model.
import {z} from 'zod';
import {collection} from './fields.js';

const name = z.string().min(1).max(200);

/** POST /models/install: a model of the catalogue by name; `force` installs it again. */
export const installBody = z.strictObject({model: name, force: z.boolean().default(false)});

/** POST /models/verify: one installed model, or every one. */
export const verifyBody = z.strictObject({model: name.optional()});

/** POST /models/use: a model folder (absolute), a hub id or a model's name; one collection, or all of them and the default. */
export const modelUseBody = z.object({
	model: z.string({error: 'must be text: a model folder (an absolute path), a hub id or a model\'s name'}).trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
	collection: collection.optional(),
});
