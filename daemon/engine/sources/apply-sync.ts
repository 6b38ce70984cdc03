import type {FileOutcome, IngestMode} from '../ingest/ingest-outcome.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, DocumentInfo, DocumentMove} from '../storage/types.js';
import {prepareDocument, type PreparedDocument} from '../ingest/prepare-document.js';
import type {EmbeddedDocuments} from '../ingest/embed-documents.js';
import {recordedStamp, sameStamp, type FileStamp} from '../files/file-stamp.js';
import type {SyncPlan, DiskFile, Matched} from './sync-plan-types.js';
import type {SyncFile} from './sync-inputs.js';
import {readMarkdown} from './read-markdown.js';
import {ReadTexts} from './read-texts.js';
import {movesToRewrite} from './retitle-moves.js';

/** Where a sync writes: the storage, the write queue, and an ingestion's two halves (ingest/ingest-pipeline.ts). */
export type ApplyTarget = {
	readonly storage: Storage;
	/** Runs a store change in the engine's write queue. */
	readonly queue: <T>(task: () => Promise<T>) => Promise<T>;
	/** Makes a group's vectors outside the write queue (reusing stored vectors of unchanged chunk texts); `signal` stops it between model runs. */
	readonly embed: (documents: readonly PreparedDocument[], mode: IngestMode, signal?: AbortSignal, onVectors?: (chunks: number) => void) => Promise<EmbeddedDocuments>;
	/** Checks and writes an embedded group in one transaction, in the write queue. */
	readonly commit: (embedded: EmbeddedDocuments) => Promise<FileOutcome[]>;
};

export type ApplyOptions = {
	readonly mode: IngestMode;
	readonly signal?: AbortSignal;
	readonly groupChunks?: number;
	/** After each committed group: the outcomes so far. */
	readonly onGroup?: (outcomes: readonly FileOutcome[]) => void;
	/** As the work moves (a file chunked, chunks given vectors): what was done so far of the files to write. */
	readonly onWork?: (work: WorkDone) => void;
	/** Texts the snapshot read (read-texts.ts): taken from there instead of read again. */
	readonly texts?: ReadTexts;
};

export type Applied = {readonly outcomes: FileOutcome[]; readonly cancelled: boolean};

/** The work of a sync's writes so far: files to write, those read and chunked, their chunks, chunks with vectors. */
export type WorkDone = {readonly writeFiles: number; readonly preparedFiles: number; readonly preparedChunks: number; readonly embeddedChunks: number};

const placeOf = (file: SyncFile) => ({sourceId: file.sourceId, relativePath: file.relativePath});
const stampColumns = (stamp: FileStamp | undefined) => ({fileSize: stamp?.size ?? null, mtimeMs: stamp?.mtimeMs ?? null, ctimeMs: stamp?.ctimeMs ?? null});

/** Whether a document's recorded stamp is not the one its file has now (either may be unknown). */
function staleStamp(document: DocumentInfo | undefined, now: FileStamp | undefined): boolean {
	const recorded = document && recordedStamp(document);
	return recorded === undefined || now === undefined ? recorded !== now : !sameStamp(recorded, now);
}

/**
 * The moves of a plan: moved and renamed documents, documents whose name or place changes before their new text
 * is written (adopted, relabelled, moved and edited), and unchanged ones whose recorded stamp is stale (so they
 * are not read again). Each takes its file's path. One whose text is written next records no stamp until that
 * write commits: should it fail, the next sync reads the file again instead of trusting the old hash.
 */
export function movesOf(plan: SyncPlan, fileOf: (file: DiskFile) => SyncFile, documents: readonly DocumentInfo[]): DocumentMove[] {
	const byName = new Map(documents.map(document => [document.fileName, document]));
	const move = (file: Matched, rewritten: boolean): DocumentMove => {
		const disk = fileOf(file);
		return {from: file.previousName, to: file.name, ...placeOf(disk), sourcePath: disk.absolutePath, ...stampColumns(rewritten ? undefined : disk.stamp)};
	};

	const moves: DocumentMove[] = [...plan.moved.map(file => move(file, file.edited)), ...plan.renamed.map(file => move(file, false))];
	for (const [list, unchanged] of [[plan.changed, false], [plan.unchanged, true]] as const) {
		for (const file of list) {
			const stale = unchanged && staleStamp(byName.get(file.previousName), fileOf(file).stamp);
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
 * each committed in one transaction. A crash between the two leaves a consistent store: the next sync adds what
 * is missing. A file that cannot be read is a failed outcome.
 *
 * The groups go through a pipeline: while one group is embedded (the embedding thread), the next is read and
 * chunked, and the one before is committed (the write queue), so the model is never idle for a read or a write
 * and no write waits for the model. Each file is read once: its text is the snapshot's when kept (`texts`).
 * Cancelled, the group being embedded is dropped at the model's next batch (nothing of it was written), and only
 * the group being committed is waited for: a Ctrl-C does not wait for a whole group's vectors.
 */
export async function applySync(target: ApplyTarget, collection: Collection, plan: SyncPlan, moves: readonly DocumentMove[], fileOf: (file: DiskFile) => SyncFile, options: ApplyOptions): Promise<Applied> {
	const remove = plan.removed.map(document => document.name);
	if (remove.length > 0 || moves.length > 0) {
		await target.queue(async () => target.storage.moveDocuments(collection, {remove, move: moves}));
	}

	// --force: every file is chunked and embedded again, unchanged and moved ones too.
	const force = options.mode === 'force';
	const texts = options.texts ?? new ReadTexts(0);
	const retitled = force ? [] : await movesToRewrite(target.storage, collection, plan.moved.filter(file => !file.edited).map(file => ({file: fileOf(file), previousName: file.previousName})), texts, options.signal);
	const rewritten = force ? [...plan.moved, ...plan.unchanged, ...plan.renamed] : plan.moved.filter(file => file.edited);
	const files = [...[...plan.added, ...plan.changed, ...rewritten].map(file => fileOf(file)), ...retitled]
		.sort((a, b) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0)));
	const outcomes: FileOutcome[] = [];
	const groupChunks = options.groupChunks ?? 256;
	const work = {writeFiles: files.length, preparedFiles: 0, preparedChunks: 0, embeddedChunks: 0};
	const moved = () => options.onWork?.({...work});
	moved();
	let next = 0;
	const readGroup = async (): Promise<PreparedDocument[]> => {
		const group: PreparedDocument[] = [];
		let chunks = 0;
		while (next < files.length && chunks < groupChunks) {
			const file = files[next++]!;
			try {
				const {text, stamp} = texts.take(file.absolutePath) ?? await readMarkdown(file.absolutePath, file.root);
				const document = await prepareDocument(text, file.name, {sourcePath: file.absolutePath, place: placeOf(file), stamp});
				group.push(document);
				chunks += document.chunked.chunks.length;
				work.preparedChunks += document.chunked.chunks.length;
			} catch (error) {
				outcomes.push({file: file.name, status: 'failed', chunks: 0, error: error instanceof Error ? error.message : String(error)});
			}

			work.preparedFiles++;
		}

		moved();
		return group;
	};

	const mode = force ? 'force' : 'default';
	let committing: Promise<void> | undefined; // the group before, being written
	let group = await readGroup();
	while (group.length > 0 || next < files.length) {
		if (options.signal?.aborted) {
			await committing;
			return {outcomes, cancelled: true};
		}

		const vectorsMade = (chunks: number) => {
			work.embeddedChunks += chunks;
			moved();
		};

		const embedding = group.length > 0 ? target.embed(group, mode, options.signal, vectorsMade) : undefined;
		const following = readGroup(); // read and chunked while this group is embedded
		following.catch(() => undefined); // awaited below; not unhandled should the embedding fail first
		let embedded: EmbeddedDocuments | undefined;
		try {
			embedded = await embedding;
		} catch (error) {
			if (!options.signal?.aborted) {
				throw error;
			}

			await committing;
			return {outcomes, cancelled: true};
		}

		await committing; // in order, and at most one group waits for its write
		if (embedded) {
			committing = target.commit(embedded).then(written => {
				outcomes.push(...written);
				options.onGroup?.(outcomes);
			});
			committing.catch(() => undefined); // awaited before the next commit or at the end, which throw it
		} else {
			options.onGroup?.(outcomes); // a group of unreadable files only
		}

		group = await following;
	}

	await committing;
	return {outcomes, cancelled: false};
}
