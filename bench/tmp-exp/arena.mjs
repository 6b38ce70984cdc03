import {pipeline, env} from '@huggingface/transformers';
import {chunkTexts} from '../../dist/bench/ingest-throughput.js';
import {planBatches} from '../../dist/daemon/engine/embedder/batches.js';
const arena = process.argv[2] === 'on';
env.allowRemoteModels = false; env.localModelPath = '/work/main/.bench-models/';
const ex = await pipeline('feature-extraction', 'bge-small-shape', {dtype: 'q8', session_options: {enableCpuMemArena: arena}});
const texts = (await chunkTexts('/tmp/prof-home/docs')).slice(0, 2000);
const t = performance.now();
for (const b of planBatches(texts, 32)) { const o = await ex(b.map(i => texts[i]), {pooling: 'cls', normalize: true}); o.dispose?.(); }
console.log('arena', arena, 'seconds', ((performance.now() - t) / 1000).toFixed(1), 'rss MB', Math.round(process.memoryUsage().rss / 1048576));
