// The HTTP contract of every route's body and query string, with its defaults: routes take what these give.
import {z} from 'zod';
import {firstGlobProblem} from '../../common/glob/glob-limits.js';
import {checkPathGlob} from '../../common/glob/path-glob.js';
import {defaultCollection, searchFields} from '../../common/search-contract.js';
import {maxContentBytes} from '../use-cases/ingest.js';
import {defaultExportFormat, exportFormats} from '../use-cases/transfer.js';

const {collection} = searchFields;
const collectionOrDefault = collection.default(defaultCollection);
const mode = z.enum(['default', 'incremental', 'force'], {error: 'must be \'default\', \'incremental\' or \'force\''});

export {searchBody} from '../../common/search-contract.js';

export const ingestBody = z.object({
	file_path: z.string().min(1, 'must not be empty').optional(),
	content: z.string().refine(text => Buffer.byteLength(text) <= maxContentBytes, 'must be at most 500 KB').optional(),
	file_name: z.string().min(1, 'must be 1 to 255 characters').max(255, 'must be 1 to 255 characters').optional(),
	collection: collectionOrDefault,
	mode: mode.optional(),
}).refine(body => (body.file_path === undefined) !== (body.content === undefined), {message: 'give exactly one of file_path or content', path: ['file_path']});

const globs = z.array(z.string().min(1, 'a glob must not be empty').max(256, 'a glob must be at most 256 characters'))
	.min(1, 'give 1 to 100 globs, or leave it out').max(100, 'give 1 to 100 globs')
	.superRefine((list, context) => {
		const problem = firstGlobProblem(list, checkPathGlob);
		if (problem) {
			context.addIssue({code: 'custom', message: problem});
		}
	});

export const directoryJobBody = z.object({
	directory: z.string().min(1, 'must not be empty'),
	collection: collectionOrDefault,
	mode: mode.default('default'),
	include: globs.optional(),
	exclude: globs.optional(),
	ignore_files: z.boolean({error: 'must be true or false'}).optional(),
	hidden: z.boolean({error: 'must be true or false'}).optional(),
	label: z.string().min(1, 'must be 1-64 characters').max(64, 'must be 1-64 characters').optional(),
});

/** POST /models/use: a model folder (absolute), a hub id or a model's name; one collection, or all of them and the default. */
export const modelUseBody = z.object({
	model: z.string({error: 'must be text: a model folder (an absolute path), a hub id or a model\'s name'}).trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
	collection: collection.optional(),
});

/** POST /jobs/update: one collection, or every collection that has folder sources. */
export const updateJobBody = z.object({
	collection: collection.optional(),
	mode: z.enum(['default', 'force'], {error: 'must be \'default\' or \'force\''}).default('default'),
});

/** ?collection= of the read routes and DELETE /documents. */
export const collectionQuery = z.object({collection: collectionOrDefault});

export const exportQuery = z.object({
	collection: collectionOrDefault,
	format: z.enum(exportFormats, {error: `must be one of ${exportFormats.join(', ')}`}).default(defaultExportFormat),
});

/** An import without ?collection= restores into the collection named in the export. */
export const importQuery = z.object({collection});

/** PATCH /collections/{name}: the new name. */
export const renameBody = z.object({name: z.string({error: 'must be a string'}).min(1, 'must be 1-128 characters').max(128, 'must be 1-128 characters')});

/** DELETE /collections/{name}/sources: the folder (a body: a path may be long and full of '/'). */
export const sourcePathBody = z.object({path: z.string().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters')});

const lineNumber = z.string().regex(/^\d{1,9}$/, 'must be a whole number of 1 or more').transform(Number).refine(value => value >= 1, 'must be a whole number of 1 or more');

/** GET /documents/{file_name}: the collection, and a line range or a section ("Heading > Sub"). */
export const getDocumentQuery = z.object({
	collection: collectionOrDefault,
	line: lineNumber.optional(),
	count: lineNumber.optional(),
	section: z.string().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters').optional(),
});

/** GET /watch/events: one collection, or every collection that has folder sources. */
export const watchQuery = z.object({collection: collection.optional()});

/** POST /v1/embeddings (OpenAI's wire format): bounded so one request cannot hold the model for long. */
export const embeddingLimits = {inputs: 256, characters: 200_000} as const;

const embeddingInput = z.string({error: 'must be text (token ids are not accepted)'}).min(1, 'must not be empty');

export const embeddingsBody = z.object({
	input: z.union([embeddingInput, z.array(embeddingInput, {error: 'must be a string or an array of strings'})], {error: 'must be a string or an array of strings'})
		.transform(input => (typeof input === 'string' ? [input] : input))
		.refine(texts => texts.length > 0 && texts.length <= embeddingLimits.inputs, `must hold 1 to ${embeddingLimits.inputs} texts`)
		.refine(texts => texts.reduce((sum, text) => sum + text.length, 0) <= embeddingLimits.characters, `must hold at most ${embeddingLimits.characters.toLocaleString('en-US')} characters in all`),
	model: z.string({error: 'must name the model (GET /api/v1/health shows it: checks.embedder.model)'}).min(1, 'must name the model').max(300, 'must be at most 300 characters'),
	encoding_format: z.enum(['float', 'base64'], {error: 'must be \'float\' or \'base64\''}).default('float'),
	dimensions: z.number({error: 'must be a whole number'}).int('must be a whole number').min(1, 'must be 1 or more').optional(),
	user: z.string().max(256, 'must be at most 256 characters').optional(),
});

/** GET /jobs: a page of at most `limit` jobs (1-100, default 50), after the one a page's `next` names. */
export const jobsQuery = z.object({
	limit: z.string().regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100').transform(Number).refine(value => value >= 1 && value <= 100, 'must be a whole number from 1 to 100').default(50),
	after: z.string().regex(/^\d{1,15}$/, 'must be the `next` of the page before').optional(),
});
