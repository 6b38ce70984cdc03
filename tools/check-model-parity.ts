// Parity check of a model folder made by tools/model/convert.py: md-vector's embeddings of the reference
// sentences, through the daemon's own loading code (MD_VECTOR_MODEL_DIR, the embedding thread, pooling and
// normalisation as md-vector configures them), against the package's reference embeddings.
//   node dist/tools/check-model-parity.js MODEL_DIR
// Prints the cosines, writes MODEL_DIR/parity.json, exits 1 when a precision falls below 0.99 against its own.
import {readFileSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {modelConfigFromEnv} from '../daemon/engine/embedder/model-config.js';
import {loadThreadEmbedder} from '../daemon/engine/embedder/thread-embedder.js';
import {compareVectors, type Comparison} from './parity/compare.js';

type Reference = {readonly method: string; readonly vectors: number[][]; readonly sentence_transformers_cosines?: number[]};
type ReferenceFile = {readonly sentences: string[]; readonly references: Partial<Record<'fp32' | 'q8', Reference>>};

const samePrecisionMinimum = 0.99;
const directory = path.resolve(process.argv[2] ?? '');
const {sentences, references} = JSON.parse(readFileSync(path.join(directory, 'parity-reference.json'), 'utf8')) as ReferenceFile;
const provenance = JSON.parse(readFileSync(path.join(directory, 'md-vector-model.json'), 'utf8')) as {pooling: string};
const results: Record<string, Comparison & {reference: string}> = {};
let passed = true;

const fromSentenceTransformers = references.fp32?.sentence_transformers_cosines;
if (fromSentenceTransformers) {
	report('numpy reference vs the package\'s own sentence-transformers', compareCosines(fromSentenceTransformers), 'the reference itself');
}

for (const dtype of ['fp32', 'q8'] as const) {
	const own = references[dtype];
	if (!own) {
		continue;
	}

	const config = modelConfigFromEnv({MD_VECTOR_MODEL_DIR: directory, MD_VECTOR_MODEL_DTYPE: dtype});
	if (config.pooling !== provenance.pooling) {
		console.log(`md-vector pools '${config.id}' with ${config.pooling} (chosen by its name); the package uses ${provenance.pooling}: name the folder after its model family or set MD_VECTOR_POOLING=${provenance.pooling}`);
	}

	const embedder = await loadThreadEmbedder(config, path.join(os.tmpdir(), 'md-vector-parity-cache'));
	const alone: Float32Array[] = [];
	for (const sentence of sentences) {
		alone.push(...await embedder.embedDocuments([sentence]));
	}

	const batched = await embedder.embedDocuments(sentences); // as an ingestion embeds: length-sorted batches
	await embedder.dispose();
	const comparison = compareVectors(alone, own.vectors);
	const ok = comparison.min >= samePrecisionMinimum;
	passed &&= ok;
	results[dtype] = {...comparison, reference: own.method};
	report(`md-vector ${dtype} (${config.pooling} pooling), one sentence a run, vs the ${dtype} reference`, comparison, ok ? `>= ${samePrecisionMinimum}: ok` : `below ${samePrecisionMinimum}: FAILED`);
	console.log(`  reference: ${own.method}`);
	if (references.fp32) {
		const cost = compareVectors(batched, references.fp32.vectors);
		results[`${dtype}_batched_vs_fp32`] = {...cost, reference: references.fp32.method};
		report(`md-vector ${dtype}, in ingestion batches, vs the fp32 reference`, cost, 'informative: what int8 and batching cost');
	}
}

writeFileSync(path.join(directory, 'parity.json'), JSON.stringify({passed, minimum: samePrecisionMinimum, sentences: sentences.length, results, checked_at: new Date().toISOString()}, undefined, 1));
console.log(passed ? `parity: passed (${directory})` : `parity: FAILED (${directory})`);
process.exitCode = passed ? 0 : 1;

function compareCosines(cosines: number[]): Comparison {
	return {cosines, min: Math.min(...cosines), mean: cosines.reduce((sum, value) => sum + value, 0) / cosines.length};
}

function report(label: string, {min, mean, cosines}: Comparison, verdict: string): void {
	console.log(`${label}: min ${min.toFixed(4)}, mean ${mean.toFixed(4)} over ${cosines.length} sentences (${verdict})`);
	console.log(`  per sentence: ${cosines.map(value => value.toFixed(4)).join(' ')}`);
}
