// The embeddings check of a model folder, through the daemon's own loading code (the embedding thread, pooling
// and normalisation as md-vector configures the model by its name): the reference sentences embedded one at a
// time, their cosine similarities against those recorded from the real model, and orderings any real model keeps.
import os from 'node:os';
import path from 'node:path';
import type {ReferenceCheck} from '../../common/models/catalogue-types.js';
import {pairIndex, referenceOrderings, referenceSentences} from '../../common/models/reference-sentences.js';
import {modelConfigFromEnv} from '../engine/embedder/model-config.js';
import {loadThreadEmbedder} from '../engine/embedder/thread-embedder.js';

/** The cosine of each pair (i < j) of the reference sentences, as the folder's model embeds them. */
export async function referenceCosines(folder: string): Promise<{cosines: number[]; dims: number}> {
	// The folder alone decides: its name picks pooling and prefix as it will once installed; no user override applies.
	const config = modelConfigFromEnv({MD_VECTOR_MODEL_DIR: folder, MD_VECTOR_MODEL_RELEASE_S: '0', MD_VECTOR_ONNX_SPIN: process.env.MD_VECTOR_ONNX_SPIN ?? '1'});
	const embedder = await loadThreadEmbedder(config, path.join(os.tmpdir(), 'md-vector-check-cache'));
	const vectors: Float32Array[] = [];
	try {
		for (const sentence of referenceSentences) {
			vectors.push(...await embedder.embedDocuments([sentence]));
		}
	} finally {
		await embedder.dispose();
	}

	const cosines: number[] = [];
	for (let i = 0; i < vectors.length; i++) {
		for (let j = i + 1; j < vectors.length; j++) {
			cosines.push(vectors[i]!.reduce((sum, value, k) => sum + (value * vectors[j]![k]!), 0));
		}
	}

	return {cosines, dims: embedder.dims};
}

const quote = (index: number) => `"${referenceSentences[index]!}"`;

/** Checks the folder's embeddings; answers the largest distance from a recorded cosine. Throws saying which pair failed. */
export async function checkEmbeddings(folder: string, check: ReferenceCheck, dims: number): Promise<{worst: number}> {
	const measured = await referenceCosines(folder);
	if (measured.dims !== dims) {
		throw new Error(`its vectors have ${measured.dims} dimensions, not the model's ${dims}`);
	}

	const cosine = (i: number, j: number) => measured.cosines[pairIndex(i, j)]!;
	for (const [anchor, nearer, farther] of referenceOrderings) {
		if (cosine(anchor, nearer) <= cosine(anchor, farther)) {
			throw new Error(`its embeddings mean nothing: ${quote(anchor)} is nearer to ${quote(farther)} (${cosine(anchor, farther).toFixed(3)}) than to ${quote(nearer)} (${cosine(anchor, nearer).toFixed(3)})`);
		}
	}

	if (check.cosines.length !== measured.cosines.length) {
		throw new Error('no reference similarities are recorded for it (tools/model-reference.ts records them)');
	}

	let worst = 0;
	for (let i = 0; i < referenceSentences.length; i++) {
		for (let j = i + 1; j < referenceSentences.length; j++) {
			const expected = check.cosines[pairIndex(i, j)]!;
			const distance = Math.abs(cosine(i, j) - expected);
			worst = Math.max(worst, distance);
			if (distance > check.tolerance) {
				throw new Error(`its embeddings are not the real model's: ${quote(i)} and ${quote(j)} have cosine ${cosine(i, j).toFixed(3)}, the real model ${expected.toFixed(3)} (±${check.tolerance})`);
			}
		}
	}

	return {worst};
}
