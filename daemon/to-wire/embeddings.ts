import type {EmbedAnswer} from '../use-cases/embeddings.js';

/** Float32 little-endian bytes in base64, as OpenAI's encoding_format base64 gives them. */
function base64(vector: Float32Array): string {
	const bytes = Buffer.alloc(vector.length * 4);
	for (const [index, value] of vector.entries()) {
		bytes.writeFloatLE(value, index * 4);
	}

	return bytes.toString('base64');
}

/** POST /v1/embeddings' answer in OpenAI's wire format: data[].embedding in the order of the inputs, usage in tokens. */
export function toEmbeddings(answer: EmbedAnswer, encoding: 'float' | 'base64') {
	return {
		object: 'list',
		data: answer.vectors.map((vector, index) => ({object: 'embedding', index, embedding: encoding === 'base64' ? base64(vector) : [...vector]})),
		model: answer.model,
		usage: {prompt_tokens: answer.tokens, total_tokens: answer.tokens},
	};
}
