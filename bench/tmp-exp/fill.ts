import {connect} from '../../source/client/connect.js';
import {chunkTexts} from '../ingest-throughput.js';
import {fillCollection} from '../search-latency.js';
const env = {...process.env};
const client = await connect({env});
const texts = await chunkTexts('/tmp/prof-home/docs');
const health = await client.health();
console.log(await fillCollection(client, 'big', 100_000, texts, {id: health.checks.embedder.model, dims: health.checks.embedder.dimension}, Number(process.env.PER ?? 10000)));
