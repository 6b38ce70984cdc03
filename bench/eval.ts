// npm run eval: retrieval quality through the real API of a fresh daemon, on a judged query set.
//   npm run eval [-- --set scifact|keps] [--sample N] [--modes keyword,semantic,hybrid] [--fusion rrf,convex] [--sweep [--lists FILE]] [--fresh]
// scifact: BEIR SciFact train (nDCG@10, recall); keps: bench/eval/keps-questions.jsonl over the Kubernetes KEPs
// (hit@5, MRR@10). nDCG@10 is also given for each half of the queries (tune, held-out: query-set.ts). --sweep also
// fuses the keyword and semantic rankings at several RRF k and convex settings, chosen on the tune half.
// The model is MD_VECTOR_MODEL_DIR's (or the configured one): the same command measures any model a user has;
// MD_VECTOR_EMBED_HEADINGS=0 measures embedding the chunk text without its heading path. The corpus is embedded
// once per model and setting and kept as an export (bench/eval/embedded-once.ts); --fresh embeds it again.
import {existsSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {connect} from '../source/client/connect.js';
import type {Fusion, SearchMode} from '../common/search-contract.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {waitForModel} from '../source/client/wait-for-model.js';
import {readDiscovery} from '../common/discovery.js';
import {modelConfigFromEnv} from '../daemon/engine/embedder/model-config.js';
import {fusionWeights} from '../daemon/engine/search/fusion-weights.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {machine} from './machine.js';
import {scifactSet} from './eval/scifact.js';
import {kepsSet} from './eval/keps.js';
import type {QuerySet} from './eval/query-set.js';
import {evaluateMode, type Scores, type SplitScores} from './eval/evaluate.js';
import {printSweep} from './eval/print-sweep.js';
import {cacheFile, fillOnce} from './eval/embedded-once.js';

const data = path.resolve('..', 'shared', 'data');
const {values: options} = parseArgs({options: {
	set: {type: 'string', default: 'scifact'},
	modes: {type: 'string', default: 'keyword,semantic,hybrid'},
	fusion: {type: 'string', default: 'rrf,convex'},
	sweep: {type: 'boolean', default: false},
	lists: {type: 'string'}, // --sweep: keep both lists of every query in this JSON file (offline fusion experiments)
	fresh: {type: 'boolean', default: false},
	data: {type: 'string'},
	questions: {type: 'string', default: path.resolve('bench', 'eval', 'keps-questions.jsonl')},
	sample: {type: 'string', default: '1'}, // keps: every answer file plus every n-th other file (1: the whole tree)
}});
const modes = options.modes.split(',') as SearchMode[];
const fusions = options.fusion.split(',') as Fusion[];
const home = temporaryDirectory('md-vector-eval-');
const set: QuerySet = options.set === 'keps'
	? await kepsSet(options.data ?? path.join(data, 'kubernetes-keps', 'corpus'), options.questions, Number(options.sample), path.join(home, 'keps'))
	: scifactSet(options.data ?? path.join(data, 'scifact'), path.join(home, 'scifact'));
const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_PORT: '0', MD_VECTOR_ALLOWED_ROOTS: [os.tmpdir(), set.folder].join(':')};
const collection = 'eval';

console.log(`md-vector eval: ${set.name}`);
console.log(`machine: ${machine()}`);
const client = await connect({env});
try {
	const health = await waitForModel(client);
	const {embedder} = health.checks;
	console.log(`model: ${embedder.model} (${embedder.status}${embedder.reason ? `: ${embedder.reason}` : ''}), weights ${env.MD_VECTOR_MODEL_DTYPE ?? 'q8'}, heading path embedded: ${env.MD_VECTOR_EMBED_HEADINGS === '0' ? 'no' : 'yes'}${modelWarning(env.MD_VECTOR_MODEL_DIR)}`);
	const config = modelConfigFromEnv(env);
	const weights = fusionWeights(embedder.model);
	console.log(`settings: pooling ${config.pooling}, query prefix ${JSON.stringify(config.queryPrefix)}, document prefix ${JSON.stringify(config.documentPrefix)}; convex fusion: semantic ${weights.semantic}, ±${weights.trustStep} per standard deviation of confidence, within ${weights.range.join('-')}, a hit both halves found ×${1 + weights.both}`);
	await fillOnce(client, set, collection, embedder.status === 'ok' ? cacheFile(set, env) : undefined, options.fresh);
	console.log('\nmode            nDCG@10  recall@10  recall@100  hit@5   MRR@10  nDCG@10 tune / held-out  latency p50  p95 (ms, HTTP round trip)');
	for (const mode of modes) {
		for (const fusion of mode === 'hybrid' ? fusions : [undefined]) {
			const label = fusion ? `${mode}/${fusion}` : mode;
			if (mode !== 'keyword' && embedder.status !== 'ok') {
				console.log(`${label.padEnd(15)} skipped: no embedding model (${embedder.reason ?? embedder.status})`);
				continue;
			}

			const result = await evaluateMode(client, set, collection, mode, fusion);
			console.log(`${row(label, result)}  ${result.p50.toFixed(1).padStart(6)}  ${result.p95.toFixed(1).padStart(6)}`);
		}
	}

	if (options.sweep && embedder.status === 'ok') {
		await printSweep(client, set, collection, weights, row, options.lists);
	}
} finally {
	const record = readDiscovery(path.join(home, 'state'));
	if (record) {
		await stopDaemon(record.pid);
	}
}

function row(label: string, scores: Scores & Partial<SplitScores>): string {
	const halves = scores.tune === undefined ? '' : `  ${scores.tune.toFixed(4)} / ${scores.heldOut!.toFixed(4)}      `;
	return `${label.padEnd(15)} ${scores.ndcg10.toFixed(4)}   ${scores.recall10.toFixed(4)}     ${scores.recall100.toFixed(4)}      ${scores.hit5.toFixed(4)}  ${scores.mrr10.toFixed(4)}${halves}`;
}

/** The generated stand-in models say in their config that their weights are random. */
function modelWarning(modelDir: string | undefined): string {
	const config = modelDir ? path.join(modelDir, 'config.json') : undefined;
	const random = config && existsSync(config) && readFileSync(config, 'utf8').includes('random weights');
	return random
		? '\nWARNING: this model has random weights (a generated stand-in): semantic and hybrid numbers below are meaningless by construction; only keyword is a real measurement.'
		: '';
}
