import type {ChunkToWrite, DocumentToWrite, Fingerprint} from '../../daemon/engine/storage/types.js';
import {seeded} from '../helpers/seeded.js';

export const dims = 8;
export const fingerprint: Fingerprint = {modelId: 'contract-model', dims};

export type ChunkSpec = {readonly content: string; readonly headings?: readonly string[]; readonly vector?: Float32Array | null};

/** A document as ingest would write it: chunks in order, each with a text hash, and a vector unless told not to. */
export function documentOf(fileName: string, chunks: readonly ChunkSpec[], title = fileName.replace(/\.md$/, '')): DocumentToWrite {
	return {
		fileName, title, tags: ['contract'], contentHash: `hash of ${fileName}: ${chunks.map(chunk => chunk.content).join('|')}`, byteSize: 100,
		chunks: chunks.map((chunk, ordinal): ChunkToWrite => ({
			ordinal, sectionTitle: chunk.headings?.at(-1) ?? title, headingLevel: chunk.headings ? chunk.headings.length : 0,
			headingPath: [title, ...(chunk.headings ?? [])], content: chunk.content, startLine: (ordinal * 10) + 1, endLine: (ordinal * 10) + 9,
			tokens: chunk.content.split(' ').length, hash: `text:${chunk.content}`,
			...(chunk.vector === null ? {} : {vector: chunk.vector ?? vectorOf(chunk.content)}),
		})),
	};
}

/** A unit vector that depends only on the text (same text, same vector). */
export function vectorOf(text: string): Float32Array {
	let seed = 7;
	for (const char of text) {
		seed = ((seed * 31) + char.codePointAt(0)!) % 2_147_483_647;
	}

	return randomUnit(seeded(seed));
}

export function randomUnit(next: () => number): Float32Array {
	const vector = Float32Array.from({length: dims}, () => next() - 0.5);
	const norm = Math.hypot(...vector);
	return vector.map(value => value / norm);
}

const vocabulary = ['compost', 'tomato', 'basil', 'garden', 'water', 'sun', 'soil', 'seed', 'harvest', 'root', 'leaf', 'pepper', 'onion', 'garlic', 'mulch', 'worm', 'frost', 'shade', 'spring', 'autumn'];

/** Documents of seeded random words, some words rarer than others, with titles and headings carrying words too. */
export function randomCorpus(count: number, seed: number): DocumentToWrite[] {
	const next = seeded(seed);
	const word = () => vocabulary[Math.floor((next() ** 2) * vocabulary.length)]!; // skewed: early words are common
	const words = (length: number) => Array.from({length}, () => word()).join(' ');
	return Array.from({length: count}, (_, index) => documentOf(`doc-${String(index).padStart(3, '0')}.md`, Array.from({length: 1 + Math.floor(next() * 4)}, () => ({
		content: words(3 + Math.floor(next() * 25)),
		headings: next() < 0.5 ? [words(2)] : undefined,
	})), `Notes ${words(2)}`));
}

/** `count` documents of 10 chunks with seeded random vectors, named by `prefix` (HNSW tests on PostgreSQL). */
export function vectorDocuments(prefix: string, count: number, seed: number): DocumentToWrite[] {
	const next = seeded(seed);
	return Array.from({length: count}, (_, document) => documentOf(`${prefix}-${document}.md`, Array.from({length: 10}, (_, ordinal) => ({
		content: `${prefix} chunk ${document} ${ordinal}`, vector: randomUnit(next),
	}))));
}
