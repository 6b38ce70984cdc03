import type {DiskFile, Moved, StoredDocument, SyncPlan} from './sync-plan-types.js';

/** Reads the texts compared: a stored document's indexed text, a file's text now (undefined when either cannot be had). */
export type Texts = {
	readonly stored: (document: StoredDocument) => Promise<string | undefined>;
	readonly file: (file: DiskFile) => Promise<string | undefined>;
};

export type EditedMoveLimits = {
	/** Least share of lines two texts must have in common (git's rename detection uses 50%). */
	readonly similarity: number;
	/** Most file-document comparisons a sync makes; above it, no edited move is looked for (they stay added and removed). */
	readonly maxComparisons: number;
};

export const defaultEditedMoveLimits: EditedMoveLimits = {similarity: 0.5, maxComparisons: 10_000};

type Lines = {readonly counts: Map<string, number>; readonly total: number};

/** A text's non-blank lines, trimmed, with how often each occurs. */
function linesOf(text: string): Lines {
	const counts = new Map<string, number>();
	let total = 0;
	for (const line of text.split(/\r\n?|\n/)) {
		const trimmed = line.trim();
		if (trimmed !== '') {
			counts.set(trimmed, (counts.get(trimmed) ?? 0) + 1);
			total++;
		}
	}

	return {counts, total};
}

/** Lines in common over the lines of both (Dice): 1 for the same lines, 0 for none shared. */
export function similarity(a: Lines, b: Lines): number {
	if (a.total + b.total === 0) {
		return 0;
	}

	let common = 0;
	for (const [line, count] of a.counts) {
		common += Math.min(count, b.counts.get(line) ?? 0);
	}

	return (2 * common) / (a.total + b.total);
}

/**
 * A file moved and edited in one sync: a new file whose text shares most of its lines with a removed document's
 * indexed text is that document moved (then re-ingested, reusing the vectors of its unchanged chunks), instead
 * of a removal and an addition. The best-matching pairs are made first. Texts that cannot be read are left out.
 */
export async function pairEditedMoves(plan: SyncPlan, texts: Texts, limits: EditedMoveLimits = defaultEditedMoveLimits): Promise<SyncPlan> {
	if (plan.added.length === 0 || plan.removed.length === 0 || plan.added.length * plan.removed.length > limits.maxComparisons) {
		return plan;
	}

	const read = async <T>(items: readonly T[], text: (item: T) => Promise<string | undefined>) =>
		(await Promise.all(items.map(async item => ({item, lines: await text(item).then(found => (found === undefined ? undefined : linesOf(found)), () => undefined)}))))
			.filter((entry): entry is {item: T; lines: Lines} => entry.lines !== undefined);
	const files = await read(plan.added, texts.file);
	const documents = await read(plan.removed, texts.stored);
	const pairs = files.flatMap(file => documents.map(document => ({file: file.item, document: document.item, score: similarity(file.lines, document.lines)})))
		.filter(pair => pair.score >= limits.similarity)
		.sort((a, b) => b.score - a.score || compare(a.file.name, b.file.name) || compare(a.document.name, b.document.name));
	const moved: Moved[] = [];
	const pairedFiles = new Set<DiskFile>();
	const pairedDocuments = new Set<StoredDocument>();
	for (const {file, document} of pairs) {
		if (!pairedFiles.has(file) && !pairedDocuments.has(document)) {
			pairedFiles.add(file);
			pairedDocuments.add(document);
			moved.push({...file, previousName: document.name, adopted: false, edited: true});
		}
	}

	if (moved.length === 0) {
		return plan;
	}

	return {
		...plan,
		added: plan.added.filter(file => !pairedFiles.has(file)),
		removed: plan.removed.filter(document => !pairedDocuments.has(document)),
		moved: [...plan.moved, ...moved].sort((a, b) => compare(a.name, b.name)),
	};
}

function compare(a: string, b: string): number {
	return a < b ? -1 : (a > b ? 1 : 0);
}
