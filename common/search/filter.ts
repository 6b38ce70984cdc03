// Search filters as the API, MCP and the daemon validate them (zod); the type and the CLI's and TUI's words
// are in filter-words.ts, which the CLI loads without zod.
import {z} from 'zod';
import {firstGlobProblem} from '../glob/glob-limits.js';
import {checkNameGlob} from '../glob/name-glob.js';
import {filterLimits} from './filter-words.js';

export {filterLimits, isEmptyFilter, type SearchFilter} from './filter-words.js';

const pathRule = `must be a list of 1 to ${filterLimits.paths} globs of 1 to ${filterLimits.pathMax} characters (as "api/**")`;
const metaRule = `must be an object of 1 to ${filterLimits.meta} front matter fields, each a string value of at most ${filterLimits.valueMax} characters (as {"status": "draft"})`;

export const searchFilter = z.strictObject({
	// Checked as a whole: the message names filter.paths, not one of its elements.
	paths: z.array(z.string({error: pathRule}), {error: pathRule}).min(1, pathRule).max(filterLimits.paths, pathRule)
		.refine(paths => paths.every(glob => glob.length > 0 && glob.length <= filterLimits.pathMax), pathRule)
		.superRefine((paths, context) => {
			// Globs past the limits of every glob (common/glob/glob-limits.ts), named with the rule they break.
			const problem = firstGlobProblem(paths, checkNameGlob);
			if (problem) {
				context.addIssue({code: 'custom', message: problem});
			}
		}).optional(),
	meta: z.record(z.string().min(1, metaRule).max(filterLimits.keyMax, metaRule), z.string({error: metaRule}).max(filterLimits.valueMax, metaRule), {error: metaRule})
		.refine(meta => Object.keys(meta).length > 0 && Object.keys(meta).length <= filterLimits.meta, metaRule).optional(),
}, {error: issue => (issue.code === 'unrecognized_keys' ? 'takes only paths and meta' : 'must be an object with paths and/or meta')});
