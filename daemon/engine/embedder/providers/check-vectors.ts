import {ProviderError} from './provider-errors.js';

/**
 * The server's vectors as unit-length Float32Arrays, checked: as many as texts sent, each an array of finite
 * numbers of the expected size (the first answer sets it when `dims` is undefined). Every vector is scaled to
 * unit length (search ranks by inner product; servers that normalise land near 1, not on it); a zero vector is refused.
 */
export function checkVectors(raw: readonly unknown[], sent: number, dims: number | undefined, where: string): Float32Array[] {
	if (raw.length !== sent) {
		throw new ProviderError('answer', `${where} answered ${raw.length} vectors for ${sent} texts: it is not an embedding endpoint that md-vector can use`);
	}

	const size = dims ?? (Array.isArray(raw[0]) ? raw[0].length : 0);
	return raw.map((item, index) => {
		if (!Array.isArray(item)) {
			throw new ProviderError('answer', `${where}: vector ${index} is not a list of numbers`);
		}

		if (item.length !== size || size === 0) {
			throw new ProviderError('dimensions', `${where}: vector ${index} has ${item.length} dimensions where ${size} were expected: `
				+ 'the model behind the server changed, or it is not an embedding model (check MD_VECTOR_EMBED_MODEL, then md-vector restart)');
		}

		const vector = new Float32Array(size);
		let norm = 0;
		for (let at = 0; at < size; at++) {
			const value = item[at] as unknown;
			if (typeof value !== 'number' || !Number.isFinite(value)) {
				throw new ProviderError('answer', `${where}: vector ${index} holds ${JSON.stringify(value)} at ${at}, not a finite number`);
			}

			vector[at] = value;
			norm += value * value;
		}

		norm = Math.sqrt(norm);
		if (!(norm > 0) || !Number.isFinite(norm)) {
			throw new ProviderError('answer', `${where}: vector ${index} is all zeros (or overflows): it cannot be ranked by similarity`);
		}

		for (let at = 0; at < size; at++) {
			vector[at]! /= norm;
		}

		return vector;
	});
}
