// Folder sync: a directory ingested as a job (the folder becomes a source of the collection), the update of
// every source as a job, and the watch stream.
import {z} from 'zod';
import {firstGlobProblem} from '../glob/glob-limits.js';
import {checkPathGlob} from '../glob/path-glob.js';
import {collection, collectionOrDefault, ingestMode} from './fields.js';

const globs = z.array(z.string().min(1, 'a glob must not be empty').max(256, 'a glob must be at most 256 characters'))
	.min(1, 'give 1 to 100 globs, or leave it out').max(100, 'give 1 to 100 globs')
	.superRefine((list, context) => {
		const problem = firstGlobProblem(list, checkPathGlob);
		if (problem) {
			context.addIssue({code: 'custom', message: problem});
		}
	});

/** POST /jobs/ingest-directory: the folder, and how it is walked (docs/sync-design.md). */
export const directoryJobBody = z.object({
	directory: z.string().min(1, 'must not be empty'),
	collection: collectionOrDefault,
	mode: ingestMode.default('default'),
	include: globs.optional(),
	exclude: globs.optional(),
	ignore_files: z.boolean({error: 'must be true or false'}).optional(),
	hidden: z.boolean({error: 'must be true or false'}).optional(),
	label: z.string().min(1, 'must be 1-64 characters').max(64, 'must be 1-64 characters').optional(),
});

/** POST /jobs/update: one collection, or every collection that has folder sources. */
export const updateJobBody = z.object({
	collection: collection.optional(),
	mode: z.enum(['default', 'force'], {error: 'must be \'default\' or \'force\''}).default('default'),
});

/** GET /watch/events: one collection, or every collection that has folder sources. */
export const watchQuery = z.object({collection: collection.optional()});
