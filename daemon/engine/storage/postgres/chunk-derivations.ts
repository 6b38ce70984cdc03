import {setImmediate as nextTurn} from 'node:timers/promises';
import {keywordTokensAndPhraseWords} from '../../../../common/text/keyword-tokens.js';
import {isBoilerplate} from '../../search/boilerplate.js';
import type {ChunkToWrite, DocumentToWrite} from '../types.js';
import {chunkPostings, type ChunkPostings} from './postings.js';
import {wordsVectorOf} from './words-vector.js';

/** What a chunk's row and postings hold beside the chunk itself, worked out from its text (the CPU part of a write). */
export type ChunkDerivation = {readonly postings: ChunkPostings; readonly words: string | null; readonly boilerplate: boolean};

/** Derivations of chunks worked out ahead, by chunk. */
export type Derivations = ReadonlyMap<ChunkToWrite, ChunkDerivation>;

export function deriveChunk(title: string, chunk: ChunkToWrite): ChunkDerivation {
	const body = keywordTokensAndPhraseWords(chunk.content); // the body tokenized once for both
	return {postings: chunkPostings(title, chunk, body.tokens), words: wordsVectorOf(body.words), boilerplate: isBoilerplate(chunk.content)};
}

/** Chunks derived per turn of the event loop (about 5 ms of work; a document may hold hundreds). */
const chunksPerTurn = 16;

/**
 * The derivations of a group's chunks, a few at a time with a turn of the event loop between: worked out while the
 * previous group's statements run (an import's writes, postgres-storage.ts), the database's work and this
 * process's overlap instead of taking turns, and searches take their turn between.
 */
export async function deriveGroup(documents: readonly DocumentToWrite[]): Promise<Derivations> {
	const derived = new Map<ChunkToWrite, ChunkDerivation>();
	for (const document of documents) {
		for (const chunk of document.chunks) {
			derived.set(chunk, deriveChunk(document.title, chunk));
			if (derived.size % chunksPerTurn === 0) {
				await nextTurn();
			}
		}
	}

	return derived;
}
