// GET /jobs: a page of at most `limit` jobs (1-100, default 50), after the one a page's `next` names.
import {z} from 'zod';

export const jobsQuery = z.object({
	limit: z.string().regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100').transform(Number).refine(value => value >= 1 && value <= 100, 'must be a whole number from 1 to 100').default(50),
	after: z.string().regex(/^\d{1,15}$/, 'must be the `next` of the page before').optional(),
});
