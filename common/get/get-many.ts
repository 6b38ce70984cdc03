// Several documents at once (issue 28): names and globs over the stored names, with a size limit per
// document. The API's body and MCP's input, validated here; the CLI reads the limits.
import {z} from 'zod';
import {getManyLimits} from './get-many-limits.js';

const patternsRule = `must be a list of 1 to ${getManyLimits.patterns} names or globs of 1 to ${getManyLimits.patternMax} characters (as "api/*.md")`;
const maxBytesRule = `must be a whole number of bytes from 1 to ${getManyLimits.maxBytes}`;

export const getManyFields = {
	patterns: z.array(z.string({error: patternsRule}), {error: patternsRule}).min(1, patternsRule).max(getManyLimits.patterns, patternsRule)
		.refine(patterns => patterns.every(pattern => pattern.length > 0 && pattern.length <= getManyLimits.patternMax), patternsRule),
	collection: z.string().min(1, 'must not be empty').max(128, 'must be at most 128 characters').optional(),
	max_bytes: z.number({error: maxBytesRule}).int(maxBytesRule).min(1, maxBytesRule).max(getManyLimits.maxBytes, maxBytesRule).optional(),
};

/** POST /api/v1/documents/get's body. */
export const getManyBody = z.strictObject(getManyFields);
export type GetManyBody = z.infer<typeof getManyBody>;
