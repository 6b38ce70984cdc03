import type {DirectoryProgress, DirectoryReport, FileOutcome, IngestMode} from '../../../common/wire/jobs.js';
import type {CollectionSyncReport, SourceSyncReport} from '../../../common/wire/sync.js';
import type {Collection, Source, SyncCounts} from '../storage/types.js';
import {planSync, type SyncPlan} from './sync-plan.js';
import {diskIndex, syncInputs, type InputOptions, type SyncInputs} from './sync-inputs.js';
import {applySync, movesOf, type ApplyTarget, type Applied} from './apply-sync.js';

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
	const sources = await target.storage.sources(collection);
	const documents = await target.storage.documents(collection);
	const inputs = await syncInputs(sources, scope, documents, options).catch((error: unknown) => {
		if (options.signal?.aborted) {
			return undefined;
		}

		throw error;
	});
	if (!inputs || options.signal?.aborted) {
		// Cancelled before anything was changed.
		return {report: {collection: collection.name, sources: []}, totals: {totalFiles: 0, processedFiles: 0, indexed: 0, unchanged: 0, failed: 0, chunks: 0, cancelled: true, files: []}};
	}

	const failedPaths = new Set([...inputs.snapshots].flatMap(([id, snapshot]) => snapshot.failed.map(failed => `${id}\0${failed.path}`)));
	const planned = planSync(inputs.disk, inputs.stored, new Set(inputs.snapshots.keys()));
	// A file found but unreadable keeps its document: it may be back at the next sync; it is reported failed.
	const plan: SyncPlan = {...planned, removed: planned.removed.filter(document => !failedPaths.has(`${document.sourceId}\0${document.relativePath}`))};
	const fileOf = diskIndex(inputs.disk);
	const progress = {totalFiles: inputs.disk.length, processedFiles: plan.unchanged.length + plan.renamed.length, indexed: 0, unchanged: plan.unchanged.length + plan.renamed.length, failed: 0, chunks: 0};
	options.onProgress?.({...progress});
	const applied = await applySync(target, collection, plan, movesOf(plan, fileOf, documents), fileOf, {
		...options,
		onGroup(outcomes) {
			progress.processedFiles = plan.unchanged.length + plan.renamed.length + outcomes.length;
			progress.indexed = outcomes.filter(outcome => outcome.status === 'indexed').length;
			progress.failed = outcomes.filter(outcome => outcome.status === 'failed').length;
			progress.chunks = outcomes.reduce((sum, outcome) => sum + outcome.chunks, 0);
			options.onProgress?.({...progress});
		},
	});
	const report = {collection: collection.name, sources: scope.map(source => sourceReport(source, inputs, plan, applied))};
	if (!applied.cancelled) {
		const at = new Date().toISOString();
		for (const [index, source] of scope.entries()) {
			const part = report.sources[index]!;
			if (part.error === null) {
				await target.queue(async () => target.storage.updateSource(collection, source.id, {lastSync: {at, counts: countsOf(part)}}));
			}
		}
	}

	const chunkCounts = new Map(documents.map(document => [document.fileName, document.chunkCount]));
	const unchanged: FileOutcome[] = [...plan.unchanged, ...plan.renamed].map(file => ({file: file.name, status: 'unchanged', chunks: chunkCounts.get(file.previousName) ?? 0}));
	const snapshotFailures: FileOutcome[] = [...inputs.snapshots.values()].flatMap(snapshot => snapshot.failed.map(failed => ({file: failed.path, status: 'failed' as const, chunks: 0, error: failed.error})));
	const files = [...applied.outcomes, ...unchanged, ...snapshotFailures];
	const failed = files.filter(outcome => outcome.status === 'failed').length;
	const chunks = files.reduce((sum, outcome) => sum + outcome.chunks, 0);
	return {report, totals: {...progress, totalFiles: progress.totalFiles + snapshotFailures.length, processedFiles: files.length, failed, chunks, cancelled: applied.cancelled, files}};
}

function sourceReport(source: Source, inputs: SyncInputs, plan: SyncPlan, applied: Applied): SourceSyncReport {
	const snapshot = inputs.snapshots.get(source.id);
	const mine = <T extends {sourceId: number | null}>(list: readonly T[]) => list.filter(entry => entry.sourceId === source.id);
	const written = new Map(applied.outcomes.map(outcome => [outcome.file, outcome]));
	const committed = (name: string) => written.get(name)?.status === 'indexed';
	const failed = [
		...(snapshot?.failed ?? []).map(entry => ({file: entry.path, error: entry.error})),
		...[...mine(plan.added), ...mine(plan.changed)].flatMap(file => (written.get(file.name)?.status === 'failed' ? [{file: file.name, error: written.get(file.name)!.error ?? 'failed'}] : [])),
	];
	return {
		path: source.path,
		label: source.label,
		added: mine(plan.added).filter(file => committed(file.name)).map(file => file.name),
		changed: mine(plan.changed).filter(file => committed(file.name)).map(file => file.name),
		renamed: mine(plan.renamed).map(file => ({from: file.previousName, to: file.name, adopted: file.adopted})),
		removed: mine(plan.removed).map(document => document.name),
		unchanged: mine(plan.unchanged).length,
		failed,
		conflicts: mine(plan.conflicts).map(file => ({file: file.name, reason: file.reason})),
		skipped: snapshot?.skipped.counts ?? {},
		skipped_examples: snapshot ? Object.fromEntries(Object.entries(snapshot.skipped.examples).filter(([, examples]) => examples.length > 0)) : {},
		error: inputs.errors.get(source.id) ?? null,
	};
}

function countsOf(part: SourceSyncReport): SyncCounts {
	return {
		added: part.added.length, changed: part.changed.length, renamed: part.renamed.length, removed: part.removed.length, unchanged: part.unchanged,
		failed: part.failed.length, conflicts: part.conflicts.length, skipped: Object.values(part.skipped).reduce((sum, count) => sum + count, 0),
	};
}
