// npm run eval: retrieval quality on BEIR SciFact (train split) through the real API of a fresh daemon.
//   npm run eval [-- --modes keyword,hybrid] [--fusion rrf,convex]
// The model is MD_VECTOR_MODEL_DIR's (or the configured one): the same command measures any model a user has.
import {existsSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import {connect} from '../source/client/connect.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import type {SearchMode} from '../source/client/api-types.js';
import type {Fusion} from '../daemon/engine/search/fusion.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {waitForModel} from '../source/client/wait-for-model.js';
import {readDiscovery} from '../common/discovery.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {machine, percentile} from './machine.js';
import {documentId, loadScifact, writeCorpus, type Scifact} from './eval/scifact.js';
import {mean, ndcgAt, recallAt} from './eval/metrics.js';

const {values: options} = parseArgs({options: {
	modes: {type: 'string', default: 'keyword,semantic,hybrid'},
	fusion: {type: 'string', default: 'rrf,convex'},
	data: {type: 'string', default: path.resolve('..', 'shared', 'data', 'scifact')},
}});
const modes = options.modes.split(',') as SearchMode[];
const fusions = options.fusion.split(',') as Fusion[];
const data = loadScifact(options.data);
const home = temporaryDirectory('md-vector-eval-');
const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_PORT: '0', MD_VECTOR_ALLOWED_ROOTS: os.tmpdir()};

console.log(`md-vector eval: SciFact train, ${data.queries.length} queries, ${data.corpus.length} documents`);
console.log(`machine: ${machine()}`);
const client = await connect({env});
try {
	const health = await waitForModel(client);
	const {embedder} = health.checks;
	console.log(`model: ${embedder.model} (${embedder.status}${embedder.reason ? `: ${embedder.reason}` : ''})${modelWarning(env.MD_VECTOR_MODEL_DIR)}`);
	await ingest(client, writeCorpus(data.corpus, path.join(home, 'scifact')));
	console.log('\nmode            nDCG@10  recall@10  recall@100  latency p50  p95 (ms, HTTP round trip)');
	for (const mode of modes) {
		for (const fusion of mode === 'hybrid' ? fusions : [undefined]) {
			const label = (fusion ? `${mode}/${fusion}` : mode).padEnd(15);
			if (mode !== 'keyword' && embedder.status !== 'ok') {
				console.log(`${label} skipped: no embedding model (${embedder.reason ?? embedder.status})`);
				continue;
			}

			const result = await evaluate(client, data, mode, fusion);
			console.log(`${label} ${result.ndcg10.toFixed(4)}   ${result.recall10.toFixed(4)}     ${result.recall100.toFixed(4)}      ${result.p50.toFixed(1).padStart(6)}  ${result.p95.toFixed(1).padStart(6)}`);
		}
	}
} finally {
	const record = readDiscovery(path.join(home, 'state'));
	if (record) {
		await stopDaemon(record.pid);
	}
}

async function ingest(daemon: DaemonClient, folder: string): Promise<void> {
	const started = performance.now();
	const {job} = await daemon.startDirectoryJob({directory: folder, collection: 'scifact'});
	const done = await daemon.followJob(job.id, () => undefined);
	if (done.state !== 'completed' || done.progress.failed > 0) {
		throw new Error(`ingest of ${folder} ended ${done.state} with ${done.progress.failed} failed files`);
	}

	console.log(`ingested: ${done.progress.indexed} documents, ${done.progress.chunks} chunks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Every judged query in one mode: document-level rankings (one hit per document), top 100. */
async function evaluate(daemon: DaemonClient, {queries, qrels}: Scifact, mode: SearchMode, fusion?: Fusion) {
	const ndcg: number[] = [];
	const recall10: number[] = [];
	const recall100: number[] = [];
	const times: number[] = [];
	for (const query of queries) {
		const started = performance.now();
		const response = await daemon.search({query: query.text, top_k: 100, mode, collection: 'scifact', collapse: true, fusion});
		times.push(performance.now() - started);
		const ranking = response.results.map(result => documentId(result.source_file));
		const judged = qrels.get(query.id)!;
		ndcg.push(ndcgAt(ranking, judged, 10));
		recall10.push(recallAt(ranking, judged, 10));
		recall100.push(recallAt(ranking, judged, 100));
	}

	return {ndcg10: mean(ndcg), recall10: mean(recall10), recall100: mean(recall100), p50: percentile(times, 50), p95: percentile(times, 95)};
}

/** The generated stand-in models say in their config that their weights are random. */
function modelWarning(modelDir: string | undefined): string {
	const config = modelDir ? path.join(modelDir, 'config.json') : undefined;
	const random = config && existsSync(config) && readFileSync(config, 'utf8').includes('random weights');
	return random
		? '\nWARNING: this model has random weights (a generated stand-in): semantic and hybrid numbers below are meaningless by construction; only keyword is a real measurement.'
		: '';
}
