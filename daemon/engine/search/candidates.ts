import type {Storage} from '../storage/storage.js';
import type {Candidate, Collection} from '../storage/types.js';
import type {SearchHit} from './types.js';

/** A candidate's chunk as a hit shows it, before it has a score: the stored chunk and its collection's name. */
type HitChunk = Omit<SearchHit, 'score'>;

/** The deepest a search's candidate lists go (a collapsed search that came up short goes deeper up to it: pgvector's ef_search cap). */
export const maxCandidates = 1000;

/** Chunks of the searched collections by rowid, each read once however many steps ask for it. */
export class ChunkReader {
	readonly #chunks = new Map<number, HitChunk>();

	constructor(private readonly storage: Storage, private readonly collections: readonly Collection[]) {
		// Nothing more to set up: chunks are read on demand.
	}

	/** Keeps the chunks the candidates came with (a ranking that read them: Candidate.chunk), so they are not read again. */
	remember(candidates: readonly Candidate[]): void {
		for (const {chunk} of candidates) {
			const collection = chunk && this.collections.find(({id}) => id === chunk.collectionId);
			if (collection) {
				const {collectionId, ...stored} = chunk;
				this.#chunks.set(stored.rowid, {...stored, collection: collection.name});
			}
		}
	}

	/** The chunks of these rowids still stored (read now unless read before). */
	async read(rowids: readonly number[]): Promise<ReadonlyMap<number, HitChunk>> {
		const missing = rowids.filter(rowid => !this.#chunks.has(rowid));
		if (missing.length > 0) {
			const found = await Promise.all(this.collections.map(async collection => this.storage.chunks(collection, missing)));
			for (const [index, chunks] of found.entries()) {
				for (const [rowid, chunk] of chunks) {
					this.#chunks.set(rowid, {...chunk, collection: this.collections[index]!.name});
				}
			}
		}

		return this.#chunks;
	}
}
