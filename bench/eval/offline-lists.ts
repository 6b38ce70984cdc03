// A SciFact subset's keyword and semantic chunk rankings rebuilt outside the daemon, so a change to either half can
// be measured in seconds: the chunker's own chunks and ids, BM25 as bm25.ts defines it over the three fields, and
// cosines from the vectors of the eval's kept export (embedded-once.ts). ranking-variants.ts checks that they give
// the daemon's figures (keyword, semantic and hybrid nDCG@10) before it trusts any variant.
import {readFileSync} from 'node:fs';
import {chunkMarkdown} from '../../daemon/engine/chunker/chunk-markdown.js';
import {chunkIds} from '../../daemon/engine/storage/chunk-ids.js';
import {bm25, keywordIdf} from '../../daemon/engine/storage/bm25.js';
import {decodeVector} from '../../daemon/engine/storage/vector-codec.js';
import type {FieldWeights, Candidate} from '../../daemon/engine/storage/types.js';
import {keywordTokens} from '../../common/text/keyword-tokens.js';
import type {Scifact} from './scifact.js';

/** One chunk as both halves see it: its document, its tokens per field (title, headings, body). */
export type OfflineChunk = {readonly id: string; readonly document: string; readonly fields: readonly [string[], string[], string[]]};

export type Bm25Options = {readonly k1?: number; readonly b?: number; readonly weights?: FieldWeights; readonly limit?: number};

/**
 * The subset's chunks as the eval's daemon makes them (collection `eval`, scifact.ts's Markdown); `headingContext`
 * as MD_VECTOR_EMBED_HEADINGS says (the embedded text, so the chunk ids, depend on it).
 */
export function offlineChunks(corpus: Scifact['corpus'], headingContext = true): OfflineChunk[] {
	return corpus.flatMap(({id, title, text}) => {
		const fileName = `${id}.md`;
		const document = chunkMarkdown(`# ${title.replaceAll(/\s+/g, ' ').trim() || id}\n\n${text}\n`, fileName, {headingContext});
		const ids = chunkIds('eval', fileName, document.chunks.map(chunk => chunk.hash));
		return document.chunks.map((chunk, index) => ({
			id: ids[index]!, document: id,
			fields: [keywordTokens(document.title), keywordTokens(chunk.headingPath.slice(1).join(' ')), keywordTokens(chunk.content)] as const,
		}));
	});
}

/** BM25 over the chunks (bm25.ts: Lucene's idf, counts weighted per field, length over all fields), terms weighted. */
export class Bm25Index {
	/** Per chunk, per term, its count in each field. */
	readonly counts: Array<Map<string, [number, number, number]>>;
	readonly lengths: number[];
	private readonly postings = new Map<string, number[]>();
	private readonly averageLength: number;

	constructor(readonly chunks: readonly OfflineChunk[]) {
		this.counts = chunks.map(chunk => {
			const counts = new Map<string, [number, number, number]>();
			for (const [field, tokens] of chunk.fields.entries()) {
				for (const token of tokens) {
					const entry = counts.get(token) ?? [0, 0, 0];
					entry[field]!++;
					counts.set(token, entry);
				}
			}

			return counts;
		});
		for (const [row, counts] of this.counts.entries()) {
			for (const term of counts.keys()) {
				this.postings.set(term, [...(this.postings.get(term) ?? []), row]);
			}
		}

		this.lengths = chunks.map(chunk => chunk.fields.reduce((sum, tokens) => sum + tokens.length, 0));
		this.averageLength = this.lengths.reduce((sum, length) => sum + length, 0) / chunks.length;
	}

	idf(term: string): number {
		return keywordIdf(this.chunks.length, this.postings.get(term)?.length ?? 0);
	}

	/** The best chunks (row numbers) for terms with their query weights (1 each for a plain query). */
	search(terms: ReadonlyMap<string, number>, {k1 = bm25.k1, b = bm25.b, weights = [2, 1.5, 1], limit = 50}: Bm25Options = {}): Candidate[] {
		const scores = new Map<number, number>();
		for (const [term, weight] of terms) {
			const idf = this.idf(term);
			for (const row of this.postings.get(term) ?? []) {
				const [title, headings, body] = this.counts[row]!.get(term)!;
				const f = (weights[0] * title) + (weights[1] * headings) + (weights[2] * body);
				const score = weight * idf * f * (k1 + 1) / (f + (k1 * (1 - b + (b * this.lengths[row]! / this.averageLength))));
				scores.set(row, (scores.get(row) ?? 0) + score);
			}
		}

		return best(scores, limit);
	}
}

/** Each chunk's vector by its wire id, from an export (md-vector-export JSON lines, vectors as base64 float32). */
export function exportVectors(file: string): Map<string, Float32Array> {
	const vectors = new Map<string, Float32Array>();
	for (const line of readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean)) {
		for (const chunk of (JSON.parse(line) as {chunks?: Array<{id: string; vector?: string}>}).chunks ?? []) {
			if (chunk.vector) {
				vectors.set(chunk.id, decodeVector(Buffer.from(chunk.vector, 'base64')));
			}
		}
	}

	return vectors;
}

export function dot(a: Float32Array, b: Float32Array): number {
	let sum = 0;
	for (const [index, value] of a.entries()) {
		sum += value * b[index]!;
	}

	return sum;
}

/** The chunks (row numbers) nearest a query vector by cosine (unit vectors: the dot product). */
export function nearest(query: Float32Array, vectors: readonly Float32Array[], limit = 50): Candidate[] {
	return best(new Map(vectors.map((vector, row) => [row, dot(query, vector)])), limit);
}

/** Best first, ties by row, as the daemon's lists. */
function best(scores: ReadonlyMap<number, number>, limit: number): Candidate[] {
	return [...scores].map(([rowid, score]) => ({rowid, score})).sort((a, b) => b.score - a.score || a.rowid - b.rowid).slice(0, limit);
}
