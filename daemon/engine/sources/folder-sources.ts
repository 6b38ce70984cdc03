import {realpath} from 'node:fs/promises';
import path from 'node:path';
import type {FileOutcome, IngestMode} from '../ingest/ingest-outcome.js';
import {EngineError, notFound} from '../errors.js';
import type {SourceRemoval, SourceSummary} from '../engine-answers.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, Source, SourceSettings} from '../storage/types.js';
import {SerialQueue} from '../serial-queue.js';
import type {CollectionSyncReport} from './sync-report.js';
import type {DirectoryProgress, DirectoryReport} from './sync-totals.js';
import {checkLabel, defaultLabel, documentName, locateInSources, sourceOverlap} from './document-names.js';
import {syncCollection} from './sync-collection.js';
import type {ApplyTarget} from './apply-sync.js';
import {folderCheckFor, type FolderCheck} from './folder-check.js';

/** How a folder is added as a source: its walk settings (defaults: every Markdown file, ignore files honoured) and label. */
export type SourceRequest = Partial<Omit<SourceSettings, 'watch'>> & {readonly label?: string};

export type SyncRun = {
	readonly mode: IngestMode;
	readonly signal?: AbortSignal;
	readonly onProgress?: (progress: DirectoryProgress) => void;
	/** Per source id: paths a watcher reported (read whatever their size and mtime say). */
	readonly reread?: ReadonlyMap<number, ReadonlySet<string>>;
	readonly rescan?: boolean;
	/** Chunks per write group: one embedding run and one transaction each. */
	readonly groupChunks?: number;
	/**
	 * The caller's rule for a folder it has read (its allowed roots or fs scopes), applied to each source's real
	 * path at this sync, beside the engine's own (folder-check.ts). Undefined: the engine's alone.
	 */
	readonly mayRead?: FolderCheck;
};

const sourceExists = (message: string) => new EngineError('source_exists', 409, message);

/**
 * The folders collections are filled from: adding one (ingest-dir), syncing them (update, watch), and naming a
 * single ingested file that lies in one. Syncs run one at a time, so two never plan over the same documents.
 */
export class FolderSources {
	private readonly syncs = new SerialQueue();

	/** @param allowedRoots The daemon's allowed roots: where a followed folder that now resolves elsewhere may lead. */
	constructor(private readonly storage: Storage, private readonly target: (collection: string) => ApplyTarget, private readonly allowedRoots: () => readonly string[] = () => []) {
		// Fields only.
	}

	/** The run with the check of each source's folder, resolved when it is walked (folder-check.ts). */
	private checked<T extends SyncRun>(run: T): T & {checkFolder: (source: Source, realFolder: string) => Promise<string | undefined>} {
		return {...run, checkFolder: async (source, realFolder) => folderCheckFor(source.path, this.allowedRoots(), run.mayRead)(realFolder)};
	}

	/**
	 * Adds `directory` as a source of the collection and syncs it; when it already is one, applies the given
	 * settings and syncs it. Adding a second source also syncs the first: its documents take its label as a prefix.
	 */
	async addAndSync(collection: Collection, directory: string, request: SourceRequest, run: SyncRun): Promise<DirectoryReport> {
		return this.syncing(async () => {
			const folder = await realpath(directory);
			const sources = await this.storage.sources(collection);
			let source = sources.find(candidate => candidate.path === folder);
			const settings = {
				include: request.include ?? source?.include ?? [], exclude: request.exclude ?? source?.exclude ?? [],
				ignoreFiles: request.ignoreFiles ?? source?.ignoreFiles ?? true, hidden: request.hidden ?? source?.hidden ?? false,
			};
			if (source) {
				source = await this.target(collection.name).queue(async () => this.storage.updateSource(collection, source!.id, request.label === undefined ? settings : {...settings, label: checkLabel(request.label)}));
			} else {
				const overlap = sourceOverlap(sources, folder);
				if (overlap) {
					throw sourceExists(`directory: ${overlap}`);
				}

				const taken = sources.map(candidate => candidate.label);
				const label = request.label === undefined ? defaultLabel(folder, taken) : checkLabel(request.label);
				source = await this.target(collection.name).queue(async () => this.storage.addSource(collection, {path: folder, label, watch: false, ...settings}));
			}

			const all = await this.storage.sources(collection);
			// Names follow the number of sources: going from one to two relabels the first one's documents.
			const scope = all.length === 2 && !sources.some(candidate => candidate.id === source.id) ? all : [source];
			const {report, totals} = await syncCollection(this.target(collection.name), collection, scope, this.checked(run));
			return {...totals, sync: {collections: [report]}};
		});
	}

	/** Syncs every source of these collections, one collection after another; one report with every collection's part. */
	async update(collections: readonly Collection[], run: SyncRun): Promise<DirectoryReport> {
		return this.syncing(async () => {
			const parts: CollectionSyncReport[] = [];
			const files: FileOutcome[] = [];
			const totals = {totalFiles: 0, processedFiles: 0, indexed: 0, moved: 0, unchanged: 0, failed: 0, chunks: 0};
			let cancelled = false;
			for (const collection of collections) {
				const sources = await this.storage.sources(collection);
				if (sources.length === 0 || cancelled) {
					continue;
				}

				const base = {...totals};
				const {report, totals: part} = await syncCollection(this.target(collection.name), collection, sources, this.checked({
					...run,
					onProgress: progress => run.onProgress?.(sum(base, progress)),
				}));
				Object.assign(totals, sum(base, part));
				files.push(...part.files.map(outcome => ({...outcome, file: collections.length > 1 ? `${collection.name}:${outcome.file}` : outcome.file})));
				parts.push(report);
				cancelled = part.cancelled;
			}

			return {...totals, cancelled, files, sync: {collections: parts}};
		});
	}

	/** Syncs one source (a watcher's batch: `run.reread` names what it saw change); an empty report when the source is gone. */
	async syncOne(collection: Collection, sourceId: number, run: SyncRun): Promise<CollectionSyncReport> {
		return this.syncing(async () => {
			const source = (await this.storage.sources(collection)).find(candidate => candidate.id === sourceId);
			return source ? (await syncCollection(this.target(collection.name), collection, [source], this.checked(run))).report : {collection: collection.name, sources: []};
		});
	}

	/** Where a single ingested file belongs when it lies in a source of the collection: its name there and its place. */
	async placeOf(collection: Collection | undefined, file: string): Promise<{name: string; sourceId: number; relativePath: string} | undefined> {
		if (!collection) {
			return undefined;
		}

		const sources = await this.storage.sources(collection);
		const found = locateInSources(sources, file);
		return found && {name: documentName(sources, found.source, found.relativePath), sourceId: found.source.id, relativePath: found.relativePath};
	}

	async sources(collection: Collection): Promise<SourceSummary[]> {
		const [sources, documents] = await Promise.all([this.storage.sources(collection), this.storage.documents(collection)]);
		return sources.map(source => ({...source, documents: documents.filter(document => document.sourceId === source.id).length}));
	}

	/**
	 * Removes a source with its documents. Back to one source, the other one's documents lose their label prefix
	 * (a sync of it, renames only); with no source and no document left, the collection goes too.
	 */
	async removeSource(collection: Collection, folder: string): Promise<SourceRemoval> {
		return this.syncs.run(async () => {
			const sources = await this.storage.sources(collection);
			const real = await realpath(folder).catch(() => path.resolve(folder));
			const source = sources.find(candidate => candidate.path === real || candidate.path === path.resolve(folder));
			if (!source) {
				const known = sources.length === 0 ? 'it has none' : `its sources: ${sources.map(candidate => candidate.path).join(', ')}`;
				throw notFound(`path: ${folder} is not a source of collection '${collection.name}' (${known})`);
			}

			const target = this.target(collection.name);
			const removed = await target.queue(async () => this.storage.removeSource(collection, source.id));
			const remaining = await this.storage.sources(collection);
			const relabel = remaining.length === 1 ? (await syncCollection(target, collection, remaining, this.checked({mode: 'default'}))).report : undefined;
			const collectionRemoved = remaining.length === 0 && (await this.storage.stats(collection)).documents === 0;
			if (collectionRemoved) {
				await target.queue(async () => this.storage.deleteCollection(collection));
			}

			const renamed = relabel?.sources.flatMap(part => part.renamed.map(({from, to}) => ({from, to}))) ?? [];
			return {collection: collection.name, path: source.path, deletedDocuments: removed.documents, renamed, collectionRemoved};
		});
	}

	/** Runs a sync after the others; index builds wait meanwhile (they would rebuild after every group it writes). */
	private async syncing<T>(task: () => Promise<T>): Promise<T> {
		const release = this.storage.holdBackgroundWork();
		try {
			return await this.syncs.run(task);
		} finally {
			release();
		}
	}

	/** Runs a change to a whole collection (delete, rename) between syncs, never during one. */
	async exclusive<T>(task: () => Promise<T>): Promise<T> {
		return this.syncs.run(task);
	}
}

function sum(base: DirectoryProgress, part: DirectoryProgress): DirectoryProgress {
	const added = (key: 'foundFiles' | 'readFiles' | 'writeFiles' | 'preparedFiles' | 'preparedChunks' | 'embeddedChunks') => (part[key] === undefined ? {} : {[key]: (base[key] ?? 0) + part[key]});
	return {
		totalFiles: base.totalFiles + part.totalFiles, processedFiles: base.processedFiles + part.processedFiles, indexed: base.indexed + part.indexed,
		moved: base.moved + part.moved, unchanged: base.unchanged + part.unchanged, failed: base.failed + part.failed, chunks: base.chunks + part.chunks,
		...(part.phase ? {phase: part.phase} : {}), ...added('foundFiles'), ...added('readFiles'), ...added('writeFiles'), ...added('preparedFiles'), ...added('preparedChunks'), ...added('embeddedChunks'),
	};
}
