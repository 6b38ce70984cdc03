import type {FileOutcome, IngestMode} from '../../../common/wire/jobs.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, DocumentInfo, DocumentMove} from '../storage/types.js';
import {prepareDocument, type PreparedDocument} from '../ingest/prepare-document.js';
import type {SyncPlan, DiskFile, Matched} from './sync-plan.js';
import type {SyncFile} from './sync-inputs.js';
import {readMarkdown} from './read-markdown.js';
import {movesToRewrite} from './retitle-moves.js';

/** Where a sync writes: the storage, and a writer that embeds and commits a group after the writes queued before it. */
export type ApplyTarget = {
	readonly storage: Storage;
	/** Runs a store change in the engine's write queue. */
	readonly queue: <T>(task: () => Promise<T>) => Promise<T>;
	/** Embeds (reusing stored vectors of unchanged chunk texts) and writes a group of documents in one transaction. */
	readonly write: (documents: readonly PreparedDocument[], mode: IngestMode) => Promise<FileOutcome[]>;
};

export type ApplyOptions = {
	readonly mode: IngestMode;
	readonly signal?: AbortSignal;
	readonly groupChunks?: number;
	/** After each committed group: the outcomes so far. */
	readonly onGroup?: (outcomes: readonly FileOutcome[]) => void;
};

export type Applied = {readonly outcomes: FileOutcome[]; readonly cancelled: boolean};

const placeOf = (file: SyncFile) => ({sourceId: file.sourceId, relativePath: file.relativePath, mtimeMs: file.mtimeMs});

/**
 * The moves of a plan: moved and renamed documents, documents whose name or place changes before their new text
 * is written (adopted, relabelled, moved and edited), and unchanged ones whose recorded mtime is stale (so they
 * are not read again). Each takes its file's path. One whose text is written next records no mtime until that
 * write commits: should it fail, the next sync reads the file again instead of trusting the old hash.
 */
export function movesOf(plan: SyncPlan, fileOf: (file: DiskFile) => SyncFile, documents: readonly DocumentInfo[]): DocumentMove[] {
	const byName = new Map(documents.map(document => [document.fileName, document]));
	const move = (file: Matched, rewritten: boolean): DocumentMove => {
		const disk = fileOf(file);
		return {from: file.previousName, to: file.name, ...placeOf(disk), sourcePath: disk.absolutePath, ...(rewritten ? {mtimeMs: null} : {})};
	};

	const moves: DocumentMove[] = [...plan.moved.map(file => move(file, file.edited)), ...plan.renamed.map(file => move(file, false))];
	for (const [list, unchanged] of [[plan.changed, false], [plan.unchanged, true]] as const) {
		for (const file of list) {
			const stale = unchanged && byName.get(file.previousName)?.mtimeMs !== fileOf(file).mtimeMs;
			if (file.adopted || file.previousName !== file.name || stale) {
				moves.push(move(file, !unchanged));
			}
		}
	}

	return moves;
}

/**
 * Applies a plan in the design's order (docs/sync-design.md): removals and moves in one transaction, then new,
 * changed and moved-and-edited files (with --force: every file) (and moved ones whose name gave their title: retitle-moves.ts) in groups,
 * each embedded and committed in one transaction. A crash between the two leaves a consistent store: the next
 * sync adds what is missing. A file that cannot be read is a failed outcome.
 */
export async function applySync(target: ApplyTarget, collection: Collection, plan: SyncPlan, moves: readonly DocumentMove[], fileOf: (file: DiskFile) => SyncFile, options: ApplyOptions): Promise<Applied> {
	const remove = plan.removed.map(document => document.name);
	if (remove.length > 0 || moves.length > 0) {
		await target.queue(async () => target.storage.moveDocuments(collection, {remove, move: moves}));
	}

	// --force: every file is chunked and embedded again, unchanged and moved ones too.
	const force = options.mode === 'force';
	const retitled = force ? [] : await movesToRewrite(target.storage, collection, plan.moved.filter(file => !file.edited).map(file => ({file: fileOf(file), previousName: file.previousName})), options.signal);
	const rewritten = force ? [...plan.moved, ...plan.unchanged, ...plan.renamed] : plan.moved.filter(file => file.edited);
	const files = [...[...plan.added, ...plan.changed, ...rewritten].map(file => fileOf(file)), ...retitled]
		.sort((a, b) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0)));
	const outcomes: FileOutcome[] = [];
	const groupChunks = options.groupChunks ?? 256;
	let next = 0;
	while (next < files.length) {
		if (options.signal?.aborted) {
			return {outcomes, cancelled: true};
		}

		const group: PreparedDocument[] = [];
		let chunks = 0;
		while (next < files.length && chunks < groupChunks) {
			const file = files[next++]!;
			try {
				const document = prepareDocument(await readMarkdown(file.absolutePath, file.root), file.name, file.absolutePath, placeOf(file));
				group.push(document);
				chunks += document.chunked.chunks.length;
			} catch (error) {
				outcomes.push({file: file.name, status: 'failed', chunks: 0, error: error instanceof Error ? error.message : String(error)});
			}
		}

		if (group.length > 0) {
			outcomes.push(...await target.write(group, force ? 'force' : 'default'));
		}

		options.onGroup?.(outcomes);
	}

	return {outcomes, cancelled: false};
}
