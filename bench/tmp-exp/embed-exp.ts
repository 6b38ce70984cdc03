import {performance} from 'node:perf_hooks';
import path from 'node:path';
import {chunkTexts, rawOnnxThroughput} from '../ingest-throughput.js';
import {loadTransformersEmbedder} from '../../daemon/engine/embedder/transformers-embedder.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';

const modelDir = path.resolve('.bench-models/bge-small-shape');
const texts = (await chunkTexts('/tmp/prof-home/docs')).slice(0, 1500);
console.log('texts', texts.length);
const config = modelConfigFromEnv({MD_VECTOR_MODEL_DIR: modelDir});
const embedder = await loadTransformersEmbedder(config, '/tmp/cache');
for (let round = 0; round < 2; round++) {
	let t = performance.now();
	await embedder.embedDocuments(texts);
	console.log('embedder', ((performance.now() - t) / 1000).toFixed(1), 's');
	const raw = await rawOnnxThroughput(modelDir, texts);
	console.log('raw', raw.seconds.toFixed(1), 's');
}
