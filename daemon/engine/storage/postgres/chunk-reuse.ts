import type {ChunkToWrite, DocumentToWrite} from '../types.js';

/** A chunk row already stored, as much of it as deciding its reuse needs. */
export type StoredChunkRow = {
	readonly id: number;
	readonly documentId: number;
	readonly ordinal: number;
	readonly content: string;
	readonly headingPath: readonly string[];
	readonly hash: string;
	readonly hasVector: boolean;
	readonly tokens: number;
	readonly keywordLength: number;
};

/** A document row already stored under a name being written. */
export type StoredDocumentRow = {readonly id: number; readonly fileName: string; readonly title: string};

export type ReusePlan = {
	/** Stored chunks kept for a new chunk of the same text (their postings stay as they are). */
	readonly keep: ReadonlyArray<{readonly id: number; readonly documentId: number; readonly fileName: string; readonly chunk: ChunkToWrite; readonly stored: StoredChunkRow}>;
	/** New chunks without such a stored one, with the id of their document when it is stored already. */
	readonly add: ReadonlyArray<{readonly documentId: number | undefined; readonly document: DocumentToWrite; readonly chunk: ChunkToWrite}>;
	/** Stored chunks no new chunk takes: deleted with their postings. */
	readonly drop: readonly StoredChunkRow[];
};

/**
 * Which stored chunks a write of these documents keeps. A chunk's postings depend on its document's title, its
 * headings and its content (postings.ts): a stored chunk of the same document with all three equal (and the
 * same text hash, so the same vector) is kept, its row updated where something else changed (position, lines,
 * vector), its postings untouched; in order, so repeated texts pair up first with first. Rewriting a folder
 * whose files barely changed then writes nearly nothing but the documents' rows.
 */
export function planReuse(documents: readonly DocumentToWrite[], storedDocuments: readonly StoredDocumentRow[], storedChunks: readonly StoredChunkRow[]): ReusePlan {
	const byName = new Map(storedDocuments.map(row => [row.fileName, row]));
	const chunksOf = new Map<number, StoredChunkRow[]>();
	for (const row of [...storedChunks].sort((a, b) => a.ordinal - b.ordinal)) {
		chunksOf.set(row.documentId, [...chunksOf.get(row.documentId) ?? [], row]);
	}

	const keep: Array<ReusePlan['keep'][number]> = [];
	const add: Array<ReusePlan['add'][number]> = [];
	const taken = new Set<number>();
	for (const document of documents) {
		const stored = byName.get(document.fileName);
		// Another title changes every chunk's postings (the title is one of BM25's fields).
		const candidates = stored?.title === document.title ? chunksOf.get(stored.id) ?? [] : [];
		const free = new Map<string, StoredChunkRow[]>();
		for (const row of candidates) {
			const key = reuseKey(row.hash, row.headingPath, row.content);
			free.set(key, [...free.get(key) ?? [], row]);
		}

		for (const chunk of document.chunks) {
			const row = free.get(reuseKey(chunk.hash, chunk.headingPath, chunk.content))?.shift();
			if (row) {
				taken.add(row.id);
				keep.push({id: row.id, documentId: row.documentId, fileName: document.fileName, chunk, stored: row});
			} else {
				add.push({documentId: stored?.id, document, chunk});
			}
		}
	}

	return {keep, add, drop: storedChunks.filter(row => !taken.has(row.id))};
}

function reuseKey(hash: string, headingPath: readonly string[], content: string): string {
	return JSON.stringify([hash, headingPath, content]);
}
