// Keeping collections in step with their folders: a directory ingestion and an update run as jobs (jobs/), and a
// watch stream follows the folder sources (watch/source-followers.ts). Syncing a collection needs ingest:default
// on it and the read scope of each of its folders: one rule (syncable) for updates and watch streams alike.
import type {Engine} from '../engine/engine.js';
import type {IngestMode} from '../engine/ingest/ingest-outcome.js';
import {checkCollectionName} from '../engine/names.js';
import {checkLabel} from '../engine/sources/document-names.js';
import type {Job, JobRegistry} from '../jobs/job-registry.js';
import type {FollowListener, Following, SourceFollowers} from '../watch/source-followers.js';
import type {Actor} from './actor.js';
import {DomainError, notFound} from './errors.js';
import {operations, type CollectionPermission} from './operations.js';
import {folderRule, resolveSafePath} from './safe-path.js';

export type SyncDeps = {readonly engine: Engine; readonly jobs: JobRegistry; readonly followers: SourceFollowers};

export type DirectoryJobInput = {
	readonly directory: string;
	readonly collection: string;
	readonly mode: IngestMode;
	readonly include?: readonly string[];
	readonly exclude?: readonly string[];
	readonly ignoreFiles?: boolean;
	readonly hidden?: boolean;
	readonly label?: string;
};

/** Adds a folder as a source of the collection and syncs it, as a job (answered at once; followed by its id). */
export async function startDirectoryJob({engine, jobs}: SyncDeps, actor: Actor, input: DirectoryJobInput): Promise<Job> {
	actor.require(operations.ingestDirectory, input.collection);
	const collection = checkCollectionName(input.collection);
	// Refused here (400), not by the job: a bad value is the request's fault, not a failed ingestion.
	const label = input.label === undefined ? undefined : checkLabel(input.label);
	const directory = await resolveSafePath('directory', input.directory, actor.readable, 'directory');
	const settings = {include: input.include, exclude: input.exclude, ignoreFiles: input.ignoreFiles, hidden: input.hidden, label};
	// Checked again by the job on the folder as it walks it: a link swapped in meanwhile reads nothing outside.
	return jobs.start(collection, directory, async (signal, onProgress) =>
		engine.ingestDirectory(collection, {directory, mode: input.mode, signal, onProgress, mayRead: folderRule(actor.readable), ...settings}));
}

/** Re-syncs the folder sources of one collection, or of every collection that has some, as a job. */
export async function startUpdateJob({engine, jobs}: SyncDeps, actor: Actor, input: {readonly collection?: string; readonly mode: 'default' | 'force'}): Promise<Job> {
	await syncable(engine, actor, operations.update, input.collection === undefined ? await withSources(engine) : [input.collection]);
	// Each folder is checked again as the job walks it (its real path then): one replaced by a link since is not
	// read, and the job's report says why.
	return jobs.start(input.collection ?? '*', '', async (signal, onProgress) =>
		engine.update(input.collection, {mode: input.mode, signal, onProgress, mayRead: folderRule(actor.readable)}), 'update');
}

/** What a watch stream follows once checked: `follow` joins the daemon's one follower of each source. */
export type WatchPlan = {
	readonly collections: readonly string[];
	follow(listener: FollowListener): Promise<Following>;
};

/** The folder sources of one collection, or of every collection that has some, checked for following. */
export async function planWatch({engine, followers}: SyncDeps, actor: Actor, collection: string | undefined): Promise<WatchPlan> {
	const names = collection === undefined ? await withSources(engine) : [collection];
	await syncable(engine, actor, operations.watch, names);
	if (names.length === 0) {
		throw notFound('no collection has folder sources to watch: add one with md-vector ingest-dir DIR -C NAME');
	}

	// The caller's rule goes with it: every batch and the catch-up check the folder's real path then.
	return {collections: names, follow: async listener => followers.follow(names, {...listener, mayRead: folderRule(actor.readable)})};
}

/** The collections that have folder sources. */
async function withSources(engine: Engine): Promise<string[]> {
	return (await engine.collections()).filter(entry => entry.sources > 0).map(entry => entry.name);
}

/**
 * Each collection synced needs ingest:default (refused before its existence is looked up: a caller learns
 * nothing of collections it may not sync), and the read scope of each of its folders, re-checked at every sync.
 * A missing folder is the sync's to report (nothing removed); a folder the caller may not read is refused.
 */
async function syncable(engine: Engine, actor: Actor, permission: CollectionPermission, names: readonly string[]): Promise<void> {
	actor.require(permission);
	for (const name of names) {
		actor.require(permission, name);
		for (const source of await engine.sources(name)) {
			await resolveSafePath('directory', source.path, actor.readable, 'directory').catch((error: unknown) => {
				if (error instanceof DomainError && error.status === 403) {
					throw error;
				}
			});
		}
	}
}
