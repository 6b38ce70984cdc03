// POST /v1/embeddings (OpenAI's wire format): bounded so one request cannot hold the model for long.
import {z} from 'zod';

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
