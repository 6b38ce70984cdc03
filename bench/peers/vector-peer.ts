// Vector search latency: md-vector and Chroma on the same synthetic clustered vectors (synthetic-vectors.ts,
// seed 1: what `npm run bench` imports) at each size, 200 queries each, HTTP round trips on this machine.
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import type {DaemonClient} from '../../source/client/daemon-client.js';
import {percentile} from '../machine.js';
import {fillCollection, sampleQueries} from '../search-latency.js';
import {untilIndexSettled} from '../index-settle.js';
import {clusteredVectors} from '../synthetic-vectors.js';
import {temporaryDirectory} from '../../test/helpers/paths.js';
import {ChromaServer} from './chroma.js';

export type VectorPeerRow = {
	size: number;
	mdVector: {p50: number; p99: number; withoutEmbedP50: number; withoutEmbedP99: number; index: string};
	chroma: {p50: number; p99: number; recall10: number; addSeconds: number};
};

const queryCount = 200;
const batch = 5000; // Chroma's max_batch_size here is 5,461

export async function vectorPeer(client: DaemonClient, model: {id: string; dims: number}, texts: readonly string[], size: number, port: number): Promise<VectorPeerRow> {
	// md-vector: the query text is embedded by the model, then FAISS; the daemon reports the embedding's share.
	const collection = `peers-${size}`;
	await fillCollection(client, collection, size, texts, model);
	const {kind} = await untilIndexSettled(client, collection);
	const round: number[] = [];
	const withoutEmbed: number[] = [];
	await client.search({query: 'warm up', collection, mode: 'semantic'});
	for (const query of sampleQueries(texts, queryCount)) {
		const started = performance.now();
		const {timings_ms: timings} = await client.search({query, collection, mode: 'semantic', top_k: 10});
		const ms = performance.now() - started;
		round.push(ms);
		withoutEmbed.push(ms - timings.embed);
	}

	// Chroma: the same vectors in the same order, queried with vectors of the same topics (as hnsw-recall.ts).
	const server = await ChromaServer.start(temporaryDirectory('md-vector-peers-chroma-'), port);
	try {
		const id = await server.createCollection(`md-vector-${size}`);
		const generator = clusteredVectors(model.dims);
		const stored: Float32Array[] = [];
		const started = performance.now();
		for (let first = 0; first < size; first += batch) {
			const vectors = Array.from({length: Math.min(batch, size - first)}, () => generator.next());
			stored.push(...vectors);
			await server.add(id, vectors.map((_, index) => `c${first + index}`), vectors);
		}

		const addSeconds = (performance.now() - started) / 1000;
		const times: number[] = [];
		let found = 0;
		await server.query(id, generator.next(), 10);
		for (let count = 0; count < queryCount; count++) {
			const query = generator.next();
			const {ids, ms} = await server.query(id, query, 10);
			times.push(ms);
			const truth = new Set(exactTop(stored, query, 10).map(index => `c${index}`));
			found += ids.filter(hit => truth.has(hit)).length;
		}

		return {
			size,
			mdVector: {p50: percentile(round, 50), p99: percentile(round, 99), withoutEmbedP50: percentile(withoutEmbed, 50), withoutEmbedP99: percentile(withoutEmbed, 99), index: kind},
			chroma: {p50: percentile(times, 50), p99: percentile(times, 99), recall10: found / (queryCount * 10), addSeconds},
		};
	} finally {
		await server.stop();
	}
}

/** Indexes of the k vectors with the largest inner product: the exact answer Chroma's HNSW is measured against. */
function exactTop(vectors: readonly Float32Array[], query: Float32Array, k: number): number[] {
	const scores = vectors.map((vector, index) => {
		let dot = 0;
		for (const [position, value] of query.entries()) {
			dot += value * vector[position]!;
		}

		return {index, dot};
	});
	return scores.sort((a, b) => b.dot - a.dot).slice(0, k).map(({index}) => index);
}

export const peersFolder = path.resolve('.cache', 'peers');
