import type {DiskFile, Matched, Moved, StoredDocument} from './sync-plan-types.js';

/** What matching by path left open: new files, files whose text changed (with their document), documents whose file is gone. */
export type MoveCandidates = {
	readonly added: DiskFile[];
	readonly changed: Array<{readonly file: Matched; readonly document: StoredDocument}>;
	readonly vanished: StoredDocument[];
};

export type PairedMoves = {
	readonly added: DiskFile[];
	readonly changed: Matched[];
	readonly moved: Moved[];
	readonly removed: StoredDocument[];
};

const byName = <T extends {name: string}>(a: T, b: T) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0));

/**
 * Files whose content is a document's indexed content, found at another path: that document moved. Candidates
 * are new files and vanished documents, and also a file whose text changed when its new text is another
 * document's (so `mv b c; mv a b` is two moves, and a swap of a and b is two moves, not two edits); a changed
 * file keeps its own document otherwise (an edit beside a copy of the old text is an edit and an addition).
 * Pairs of equal content are made in name order, new files before changed ones. What is left: added,
 * changed in place, removed.
 */
export function pairMoves(candidates: MoveCandidates): PairedMoves {
	const hashes = new Set([...candidates.vanished, ...candidates.changed.map(pair => pair.document)].map(document => document.contentHash));
	// A changed file whose new text is some free document's: its own document may be free for another file.
	const released = candidates.changed.filter(pair => hashes.has(pair.file.contentHash));
	const kept = candidates.changed.filter(pair => !hashes.has(pair.file.contentHash)).map(pair => pair.file);
	const documents = [...candidates.vanished, ...released.map(pair => pair.document)].sort(byName);
	// New files first: a changed file whose document another file could take keeps it when no new file needs it.
	const files = [...[...candidates.added].sort(byName), ...released.map(pair => pair.file).sort(byName)];
	const byHash = new Map<string, StoredDocument[]>();
	for (const document of documents) {
		byHash.set(document.contentHash, [...(byHash.get(document.contentHash) ?? []), document]);
	}

	const taken = new Set<StoredDocument>();
	const moved: Moved[] = [];
	const unpaired: DiskFile[] = [];
	for (const file of files) {
		const document = byHash.get(file.contentHash)?.find(candidate => !taken.has(candidate));
		if (document) {
			taken.add(document);
			moved.push({...plainFile(file), previousName: document.name, adopted: false, edited: false});
		} else {
			unpaired.push(file);
		}
	}

	// A released pair where neither side found another: the file keeps its own document, changed in place.
	const ownerOf = new Map(released.map(pair => [pair.file.name, pair]));
	const changed = [...kept];
	const added: DiskFile[] = [];
	for (const file of unpaired) {
		const pair = ownerOf.get(file.name);
		if (pair && !taken.has(pair.document)) {
			taken.add(pair.document);
			changed.push(pair.file);
		} else {
			added.push(plainFile(file));
		}
	}

	return {added, changed, moved: moved.sort(byName), removed: documents.filter(document => !taken.has(document))};
}

/** The file alone, without the match it may have carried. */
function plainFile(file: DiskFile): DiskFile {
	return {sourceId: file.sourceId, relativePath: file.relativePath, absolutePath: file.absolutePath, name: file.name, contentHash: file.contentHash};
}
