import type {FileOutcome, IngestMode} from '../ingest/ingest-outcome.js';
import type {Collection, DocumentInfo, Source, SyncCounts} from '../storage/types.js';
import type {CollectionSyncReport, SourceSyncReport} from './sync-report.js';
import type {DirectoryProgress, DirectoryReport} from './sync-totals.js';
import {planSync} from './sync-plan.js';
import type {SyncPlan} from './sync-plan-types.js';
import {conflictFix} from './conflict-fix.js';
import {diskIndex, syncInputs, type InputOptions, type SyncInputs} from './sync-inputs.js';
import {applySync, movesOf, type ApplyTarget, type Applied} from './apply-sync.js';
import {pairEditedMoves} from './edited-moves.js';
import {readMarkdown} from './read-markdown.js';
import {ReadTexts} from './read-texts.js';
import type {SourceSnapshot} from './snapshot-source.js';

type Mutable<T> = {-readonly [K in keyof T]: T[K]};

export type SyncOptions = InputOptions & {
	readonly mode: IngestMode;
	readonly groupChunks?: number;
	readonly onProgress?: (progress: DirectoryProgress) => void;
};

export type CollectionSync = {readonly report: CollectionSyncReport; readonly totals: DirectoryReport};

/**
 * Makes the store hold exactly the files of the sources in `scope` (docs/sync-design.md): snapshot, plan,
 * apply, then record each completed source's sync. Loose documents and other sources' documents stay; a
 * source whose folder is missing is reported with its error and loses nothing.
 */
export async function syncCollection(target: ApplyTarget, collection: Collection, scope: readonly Source[], options: SyncOptions): Promise<CollectionSync> {
	// Recorded as the source's last sync: a file renamed after this (its ctime) is read again at the next one.
	const startedAt = new Date().toISOString();
	const sources = await target.storage.sources(collection);
	const documents = await target.storage.documents(collection);
	// --force reads every file again: size and mtime are not trusted either.
	// Texts read to plan are kept for the writes: each file is read once.
	const texts = new ReadTexts();
	const reading = (checked: number, found: number) => options.onProgress?.({
		totalFiles: found, processedFiles: 0, indexed: 0, moved: 0, unchanged: 0, failed: 0, chunks: 0, phase: 'reading', foundFiles: found, readFiles: checked,
	});
	const inputs = await syncInputs(sources, scope, documents, {...options, texts, rescan: options.rescan === true || options.mode === 'force', onChecked: reading}).catch((error: unknown) => {
		if (options.signal?.aborted) {
			return undefined;
		}

		throw error;
	});
	if (!inputs || options.signal?.aborted) {
		// Cancelled before anything was changed.
		return {report: {collection: collection.name, sources: []}, totals: {totalFiles: 0, processedFiles: 0, indexed: 0, moved: 0, unchanged: 0, failed: 0, chunks: 0, cancelled: true, files: []}};
	}

	// A file found but unreadable keeps its document: it may be back at the next sync; it is reported failed.
	const failedPaths = new Set([...inputs.snapshots].flatMap(([id, snapshot]) => snapshot.failed.map(failed => `${id}\0${failed.path}`)));
	const stored = inputs.stored.filter(document => !failedPaths.has(`${document.sourceId}\0${document.relativePath}`));
	const planned = planSync(inputs.disk, stored, new Set(inputs.snapshots.keys()), {takeOver: options.mode === 'force'});
	const plan = await pairEditedMoves(planned, {
		stored: async document => target.storage.documentText(collection, document.name),
		file: async file => (texts.peek(file.absolutePath) ?? await readMarkdown(file.absolutePath, inputs.snapshots.get(file.sourceId)!.root)).text,
	});
	const fileOf = diskIndex(inputs.disk);
	const force = options.mode === 'force';
	texts.keepOnly(new Set([...plan.added, ...plan.changed, ...plan.moved, ...(force ? [...plan.unchanged, ...plan.renamed] : [])].map(file => file.absolutePath)));
	const movedFrom = new Map(plan.moved.map(file => [file.name, file]));
	const exactMoves = force ? [] : plan.moved.filter(file => !file.edited);
	const exactNames = new Set(exactMoves.map(file => file.name));
	const settled = force ? 0 : plan.unchanged.length + plan.renamed.length;
	const progress: Mutable<DirectoryProgress> = {totalFiles: inputs.disk.length, processedFiles: settled + exactMoves.length, indexed: 0, moved: exactMoves.length, unchanged: settled, failed: 0, chunks: 0, phase: 'writing'};
	options.onProgress?.({...progress});
	const applied = await applySync(target, collection, plan, movesOf(plan, fileOf, documents), fileOf, {
		...options,
		texts,
		onWork(work) {
			Object.assign(progress, work);
			options.onProgress?.({...progress});
		},
		onGroup(outcomes) {
			const written = outcomes.filter(outcome => !exactNames.has(outcome.file));
			progress.processedFiles = settled + exactMoves.length + written.length;
			progress.indexed = written.filter(outcome => outcome.status === 'indexed' && !movedFrom.has(outcome.file)).length;
			progress.moved = exactMoves.length + written.filter(outcome => outcome.status === 'indexed' && movedFrom.has(outcome.file)).length;
			progress.failed = outcomes.filter(outcome => outcome.status === 'failed').length;
			progress.chunks = outcomes.reduce((sum, outcome) => sum + outcome.chunks, 0);
			options.onProgress?.({...progress});
		},
	});
	const report = {collection: collection.name, sources: scope.map(source => sourceReport(source, inputs, plan, applied, collection.name))};
	if (!applied.cancelled) {
		for (const [index, source] of scope.entries()) {
			const part = report.sources[index]!;
			if (part.error === null) {
				await target.queue(async () => target.storage.updateSource(collection, source.id, {lastSync: {at: startedAt, counts: countsOf(part)}}));
			}
		}
	}

	const files = fileOutcomes(plan, applied, documents, [...inputs.snapshots.values()]);
	const count = (status: FileOutcome['status']) => files.filter(outcome => outcome.status === status).length;
	return {report, totals: {
		totalFiles: inputs.disk.length + [...inputs.snapshots.values()].reduce((sum, snapshot) => sum + snapshot.failed.length, 0),
		processedFiles: files.length, indexed: count('indexed'), moved: count('moved'), unchanged: count('unchanged'), failed: count('failed'),
		chunks: files.reduce((sum, outcome) => sum + outcome.chunks, 0), cancelled: applied.cancelled, files,
	}};
}

/**
 * One outcome per file: what was written (a moved file's write is `moved`, with where it came from), moved files
 * kept as they were, unchanged and relabelled ones, and files the walk found but could not read.
 */
function fileOutcomes(plan: SyncPlan, applied: Applied, documents: readonly DocumentInfo[], snapshots: readonly SourceSnapshot[]): FileOutcome[] {
	const chunkCounts = new Map(documents.map(document => [document.fileName, document.chunkCount]));
	const movedFrom = new Map(plan.moved.map(file => [file.name, file.previousName]));
	const written = applied.outcomes.map(outcome => {
		const from = movedFrom.get(outcome.file);
		return from === undefined ? outcome : {...outcome, status: outcome.status === 'indexed' ? 'moved' as const : outcome.status, from};
	});
	const writtenNames = new Set(written.map(outcome => outcome.file));
	// Edited moves not written (cancelled) have no outcome: only what happened is reported.
	const kept: FileOutcome[] = plan.moved.filter(file => !file.edited && !writtenNames.has(file.name))
		.map(file => ({file: file.name, status: 'moved', chunks: chunkCounts.get(file.previousName) ?? 0, from: file.previousName}));
	const unchanged: FileOutcome[] = [...plan.unchanged, ...plan.renamed].filter(file => !writtenNames.has(file.name))
		.map(file => ({file: file.name, status: 'unchanged', chunks: chunkCounts.get(file.previousName) ?? 0}));
	const unread: FileOutcome[] = snapshots.flatMap(snapshot => snapshot.failed.map(failed => ({file: failed.path, status: 'failed' as const, chunks: 0, error: failed.error})));
	return [...written, ...kept, ...unchanged, ...unread];
}

function sourceReport(source: Source, inputs: SyncInputs, plan: SyncPlan, applied: Applied, collection: string): SourceSyncReport {
	const snapshot = inputs.snapshots.get(source.id);
	const mine = <T extends {sourceId: number | null}>(list: readonly T[]) => list.filter(entry => entry.sourceId === source.id);
	const written = new Map(applied.outcomes.map(outcome => [outcome.file, outcome]));
	const committed = (name: string) => written.get(name)?.status === 'indexed';
	const failed = [
		...(snapshot?.failed ?? []).map(entry => ({file: entry.path, error: entry.error})),
		...[...mine(plan.added), ...mine(plan.changed), ...mine(plan.moved)].flatMap(file => (written.get(file.name)?.status === 'failed' ? [{file: file.name, error: written.get(file.name)!.error ?? 'failed'}] : [])),
	];
	return {
		path: source.path,
		label: source.label,
		added: mine(plan.added).filter(file => committed(file.name)).map(file => file.name),
		changed: mine(plan.changed).filter(file => committed(file.name)).map(file => file.name),
		moved: mine(plan.moved).map(file => ({from: file.previousName, to: file.name, edited: file.edited})),
		renamed: mine(plan.renamed).map(file => ({from: file.previousName, to: file.name, adopted: file.adopted})),
		removed: mine(plan.removed).map(document => document.name),
		unchanged: mine(plan.unchanged).length,
		failed,
		conflicts: mine(plan.conflicts).map(file => ({file: file.name, reason: `${file.reason}: ${conflictFix(file, collection)}`})),
		skipped: snapshot?.skipped.counts ?? {},
		skippedExamples: snapshot ? Object.fromEntries(Object.entries(snapshot.skipped.examples).filter(([, examples]) => examples.length > 0)) : {},
		error: inputs.errors.get(source.id) ?? null,
	};
}

function countsOf(part: SourceSyncReport): SyncCounts {
	return {
		added: part.added.length, changed: part.changed.length, moved: part.moved.length, renamed: part.renamed.length, removed: part.removed.length, unchanged: part.unchanged,
		failed: part.failed.length, conflicts: part.conflicts.length, skipped: Object.values(part.skipped).reduce((sum, count) => sum + count, 0),
	};
}
