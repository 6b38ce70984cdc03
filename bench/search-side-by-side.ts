// Search latency of several daemons over HTTP, query by query in turn (which daemon goes first alternates), so
// every daemon sees the same machine load; with the daemons' own split of each search (embedding, vector top k,
// keyword top k, total), which tells whether a hybrid search's halves ran side by side or one after the other.
import {performance} from 'node:perf_hooks';
import type {SearchMode} from '../common/search-defaults.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import {percentile} from './machine.js';
import {random} from './synthetic-vectors.js';

/** A row of the benchmark: a mode and the queries it sends (words, or "quoted phrases"). */
export type SearchCase = {readonly label: string; readonly mode: SearchMode; readonly queries: readonly string[]};

/** One daemon's figures for one case. */
export type CaseTimes = {
	/** Round trips, ms. */
	readonly times: number[];
	/** The daemon's total per search, and the sum of its parts (embed + vector + keyword), ms. */
	readonly total: number[];
	readonly parts: number[];
	/** Searches that found nothing (a phrase case should find its phrase: they come from the collection's texts). */
	empty: number;
};

/** Runs `rounds` rounds of each case's queries on every daemon in turn; figures per case, per daemon (in `clients` order). */
export async function searchSideBySide(clients: readonly DaemonClient[], collection: string, cases: readonly SearchCase[], rounds: number): Promise<Map<string, CaseTimes[]>> {
	const figures = new Map<string, CaseTimes[]>();
	for (const {label, mode, queries} of cases) {
		const perDaemon = clients.map((): CaseTimes => ({times: [], total: [], parts: [], empty: 0}));
		for (const client of clients) {
			await client.search({query: queries[0]!, collection, mode});
		}

		for (let round = 0; round < rounds; round++) {
			for (const [index, query] of queries.entries()) {
				const order = clients.map((_, at) => at);
				if ((index + round) % 2 === 1) {
					order.reverse();
				}

				for (const at of order) {
					const started = performance.now();
					const response = await clients[at]!.search({query, collection, mode, top_k: 10});
					const figure = perDaemon[at]!;
					figure.times.push(performance.now() - started);
					figure.total.push(response.timings_ms.total);
					figure.parts.push(response.timings_ms.embed + response.timings_ms.vector + response.timings_ms.keyword);
					figure.empty += response.results.length === 0 ? 1 : 0;
				}
			}
		}

		figures.set(label, perDaemon);
	}

	return figures;
}

export const p50 = (values: readonly number[]) => percentile(values, 50);
export const p99 = (values: readonly number[]) => percentile(values, 99);

/**
 * Phrases as a person would quote them from the collection's texts: two or three words that stand next to each
 * other in a sampled text, each of three letters or more, in quotes. Each is in the collection, so every search
 * should find it.
 */
export function samplePhrases(texts: readonly string[], count: number): string[] {
	const next = random(11);
	const phrases: string[] = [];
	for (let tries = 0; phrases.length < count && tries < count * 100; tries++) {
		const words = texts[Math.floor(next() * texts.length)]!.split(/\s+/);
		const length = 2 + Math.floor(next() * 2);
		const at = Math.floor(next() * Math.max(1, words.length - length));
		const picked = words.slice(at, at + length);
		if (picked.length === length && picked.every(word => /^\p{L}{3,}$/u.test(word))) {
			phrases.push(`"${picked.join(' ')}"`);
		}
	}

	return phrases;
}
