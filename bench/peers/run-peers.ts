// npm run bench -- --peers [--sizes 10000,100000]: md-vector beside its peers in one run, on this machine.
// Chroma for vector search latency (same vectors), qmd for keyword quality and one-shot latency (SciFact train).
// Install the peers first: bash bench/peers/install.sh (into .cache/peers, git-ignored).
import {existsSync} from 'node:fs';
import path from 'node:path';
import {connect} from '../../source/client/connect.js';
import {stopDaemon} from '../../source/client/stop-daemon.js';
import {waitForModel} from '../../source/client/wait-for-model.js';
import {temporaryDirectory} from '../../test/helpers/paths.js';
import {machine} from '../machine.js';
import {daemonPid} from '../cold-start.js';
import {loadScifact, scifactSet} from '../eval/scifact.js';
import {keywordPeer} from './keyword-peer.js';
import {peersFolder, vectorPeer} from './vector-peer.js';

export async function runPeers(sizes: readonly number[]): Promise<void> {
	if (!existsSync(path.join(peersFolder, 'chroma-venv')) || !existsSync(path.join(peersFolder, 'qmd', 'node_modules'))) {
		throw new Error(`the peers are not installed in ${peersFolder}: run bash bench/peers/install.sh`);
	}

	const modelDir = path.resolve(process.env.MD_VECTOR_MODEL_DIR ?? path.join('.models', 'all-MiniLM-L6-v2'));
	const scifact = path.resolve('..', 'shared', 'data', 'scifact');
	console.log(`machine: ${machine()}`);
	console.log(`model for md-vector's query embeddings: ${modelDir}`);

	// 1. Vector search: md-vector with its model; Chroma fed the same vectors.
	let home = temporaryDirectory('md-vector-peers-');
	let env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: modelDir, MD_VECTOR_PORT: '0'};
	let client = await connect({env});
	try {
		const health = await waitForModel(client);
		const model = {id: health.checks.embedder.model, dims: health.checks.embedder.dimension};
		const texts = loadScifact(scifact).corpus.map(entry => `${entry.title}\n\n${entry.text}`);
		console.log('\n1. vector search, 200 queries, top 10, HTTP round trip (ms); md-vector embeds each query text, Chroma gets a vector');
		console.log('   size     md-vector p50 / p99   without embedding p50 / p99   Chroma p50 / p99   Chroma recall@10   Chroma / md-vector (p50, without embedding)');
		for (const [index, size] of sizes.entries()) {
			const row = await vectorPeer(client, model, texts, size, 18_700 + index);
			console.log(`   ${String(size).padEnd(8)} ${row.mdVector.p50.toFixed(1)} / ${row.mdVector.p99.toFixed(1)} (${row.mdVector.index})`.padEnd(34)
				+ `${row.mdVector.withoutEmbedP50.toFixed(1)} / ${row.mdVector.withoutEmbedP99.toFixed(1)}`.padEnd(30)
				+ `${row.chroma.p50.toFixed(1)} / ${row.chroma.p99.toFixed(1)}`.padEnd(19)
				+ `${row.chroma.recall10.toFixed(3)}`.padEnd(19)
				+ `${(row.chroma.p50 / row.mdVector.withoutEmbedP50).toFixed(2)}x   (Chroma added ${size} vectors in ${row.chroma.addSeconds.toFixed(1)} s)`);
		}
	} finally {
		await stopDaemon(daemonPid(env));
	}

	// 2. Keyword search on SciFact: md-vector keyword-only (no model: nothing to embed), qmd's BM25.
	home = temporaryDirectory('md-vector-peers-');
	const set = scifactSet(scifact, path.join(home, 'scifact'));
	env = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1', MD_VECTOR_PORT: '0', MD_VECTOR_ALLOWED_ROOTS: set.folder};
	client = await connect({env});
	try {
		const row = await keywordPeer(client, env, set, home);
		console.log(`\n2. keyword search, ${set.name}, document level, top 100`);
		console.log('   tool        nDCG@10  recall@10  recall@100  MRR@10  index s  one-shot search --json p50 / p95 (ms, whole process)');
		for (const [name, result] of [['md-vector', row.mdVector], ['qmd', row.qmd]] as const) {
			const {scores} = result;
			console.log(`   ${name.padEnd(11)} ${scores.ndcg10.toFixed(4)}   ${scores.recall10.toFixed(4)}     ${scores.recall100.toFixed(4)}      ${scores.mrr10.toFixed(4)}  ${result.indexSeconds.toFixed(1).padStart(6)}   ${result.oneShotP50.toFixed(0)} / ${result.oneShotP95.toFixed(0)}`);
		}

		console.log(`   ratios qmd / md-vector: nDCG@10 ${(row.qmd.scores.ndcg10 / row.mdVector.scores.ndcg10).toFixed(2)}, one-shot p50 ${(row.qmd.oneShotP50 / row.mdVector.oneShotP50).toFixed(2)}x`);
	} finally {
		await stopDaemon(daemonPid(env));
	}
}
