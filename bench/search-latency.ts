// Search latency over HTTP at a given collection size. The collection is filled through the import API with
// real chunk texts (for BM25) and synthetic clustered unit vectors (synthetic-vectors.ts).
import {performance} from 'node:perf_hooks';
import {chunkerVersion} from '../daemon/engine/chunker/chunk-markdown.js';
import type {SearchMode} from '../source/client/api-types.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import {percentile} from './machine.js';
import {clusteredVectors, random} from './synthetic-vectors.js';

/** Imports `size` chunks (10 per document, `perRequest` per request) into `collection`; returns the seconds it took. */
export async function fillCollection(client: DaemonClient, collection: string, size: number, texts: readonly string[], model: {id: string; dims: number}, perRequest = 10_000): Promise<number> {
	const vectors = clusteredVectors(model.dims);
	const header = JSON.stringify({format: 'md-vector-export', version: 1, collection, model_id: model.id, dims: model.dims, chunker_version: chunkerVersion, exported_at: new Date().toISOString()});
	let seconds = 0;
	for (let first = 0; first < size; first += perRequest) {
		const lines = [header];
		for (let document = first / 10; document * 10 < Math.min(size, first + perRequest); document++) {
			const chunks = [];
			for (let ordinal = 0; ordinal < 10 && (document * 10) + ordinal < size; ordinal++) {
				const index = (document * 10) + ordinal;
				chunks.push({
					id: `c${index}`, ordinal, section_title: `Section ${ordinal}`, heading_level: 2, heading_path: [`Doc ${document}`, `Section ${ordinal}`],
					content: texts[index % texts.length]!, start_line: ordinal * 10, end_line: (ordinal * 10) + 9, tokens: 100,
					text_hash: `h${index}`, vector: Buffer.from(vectors.next().buffer).toString('base64'),
				});
			}

			lines.push(JSON.stringify({file_name: `doc-${document}.md`, title: `Doc ${document}`, tags: [], content_hash: `d${document}`, byte_size: 1000, chunks}));
		}

		const started = performance.now();
		await client.importExport(`${lines.join('\n')}\n`, collection);
		seconds += (performance.now() - started) / 1000;
	}

	return seconds;
}

/** Query strings: the first words of sampled chunk texts, as a person might type them. */
export function sampleQueries(texts: readonly string[], count: number): string[] {
	const next = random(7);
	return Array.from({length: count}, () => {
		const words = texts[Math.floor(next() * texts.length)]!.split(/\s+/).filter(word => /^[\p{L}-]{3,}$/u.test(word));
		return words.slice(0, 2 + Math.floor(next() * 3)).join(' ') || 'configuration';
	});
}

export type Latency = {p50: number; p99: number; shares: {embed: number; vector: number; keyword: number}};

/** Round trip of POST /search per mode, with the daemon's own split of the time (embedding, FAISS, BM25). */
export async function searchLatency(client: DaemonClient, collection: string, queries: readonly string[], mode: SearchMode): Promise<Latency> {
	const times: number[] = [];
	const parts = {embed: 0, vector: 0, keyword: 0};
	await client.search({query: 'warm up', collection, mode});
	for (const query of queries) {
		const started = performance.now();
		const {timings_ms: timings} = await client.search({query, collection, mode, top_k: 10});
		times.push(performance.now() - started);
		parts.embed += timings.embed;
		parts.vector += timings.vector;
		parts.keyword += timings.keyword;
	}

	const total = times.reduce((sum, time) => sum + time, 0);
	return {
		p50: percentile(times, 50), p99: percentile(times, 99),
		shares: {embed: parts.embed / total, vector: parts.vector / total, keyword: parts.keyword / total},
	};
}
