import type {Storage} from '../storage/storage.js';
import type {Collection, Ranked, StoredChunk} from '../storage/types.js';
import type {ChunkCheck} from './query-filter.js';

export type FoundChunk = StoredChunk & {readonly collection: string};

/** The most candidates one ranking fetches to fill its list past a query's phrases and exclusions (pgvector's ef_search cap). */
export const maxCandidates = 1000;

/** Chunks of the searched collections by rowid, each read once however many rankings ask for it. */
export class ChunkReader {
	readonly #chunks = new Map<number, FoundChunk>();

	constructor(private readonly storage: Storage, private readonly collections: readonly Collection[]) {
		// Nothing more to set up: chunks are read on demand.
	}

	/** The chunks of these rowids still stored (read now unless read before). */
	async read(rowids: readonly number[]): Promise<ReadonlyMap<number, FoundChunk>> {
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

/**
 * The best `depth` candidates of a ranking whose chunks pass `check`: fetched 4, 16, ... times as many until
 * `depth` pass, the ranking has no more, or maxCandidates were looked at. Without a check, the ranking itself.
 */
export async function checkedTopK(rank: (limit: number) => Promise<Ranked[]>, depth: number, check: ChunkCheck | undefined, reader: ChunkReader): Promise<Ranked[]> {
	if (!check) {
		return rank(depth);
	}

	for (let limit = Math.min(depth * 4, maxCandidates); ; limit = Math.min(limit * 4, maxCandidates)) {
		// Each round decides whether another is needed.
		const found = await rank(limit);
		const chunks = await reader.read(found.map(hit => hit.rowid));
		const kept = found.filter(hit => {
			const chunk = chunks.get(hit.rowid);
			return chunk !== undefined && check(chunk.content);
		});
		if (kept.length >= depth || found.length < limit || limit >= maxCandidates) {
			return kept.slice(0, depth);
		}
	}
}
