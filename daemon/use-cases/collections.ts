// Collections and their folder sources: list what the caller may see, stats, sources, and the changes that
// empty a name (delete, rename, remove a folder), each checked on the collection it touches.
import type {Engine} from '../engine/engine.js';
import type {CollectionDeletion, CollectionStats, CollectionSummary, SourceRemoval, SourceSummary} from '../engine/engine-answers.js';
import type {Actor} from './actor.js';
import {onCollection, onCollections} from './collection-choice.js';
import {operations} from './operations.js';

export async function listCollections(engine: Engine, actor: Actor): Promise<CollectionSummary[]> {
	actor.require(operations.listCollections);
	const visible = actor.allowed(operations.listCollections);
	return (await engine.collections()).filter(({name}) => visible(name));
}

/** The collections the caller may search or see, with their sizes (what an MCP server tells its assistant); no refusal. */
export async function usableSummaries(engine: Engine, actor: Actor): Promise<CollectionSummary[]> {
	const [searchable, visible] = [actor.allowed(operations.search), actor.allowed(operations.listCollections)];
	return (await engine.collections()).filter(({name}) => searchable(name) || visible(name));
}

/** A collection's counts, model and index; `diskBytes`: also the data folder's size (REST's /stats shows it). */
export async function stats(engine: Engine, actor: Actor, collection: string | undefined, options: {readonly diskBytes?: boolean} = {}): Promise<CollectionStats & {diskBytes?: number}> {
	return onCollection(engine, actor, operations.stats, collection, async name => {
		const counts = await engine.stats(name);
		return options.diskBytes ? {...counts, diskBytes: await engine.diskBytes()} : counts;
	});
}

export async function sources(engine: Engine, actor: Actor, collection: string | undefined): Promise<{collection: string; sources: SourceSummary[]}> {
	return onCollection(engine, actor, operations.sources, collection, async name => ({collection: name, sources: await engine.sources(name)}));
}

/** Deleting a collection removes every document under its name. */
export async function deleteCollection(engine: Engine, actor: Actor, collection: string): Promise<CollectionDeletion> {
	return onCollections(engine, actor, operations.deleteCollection, [collection], async () => engine.deleteCollection(collection));
}

/** A rename empties the old name (documents:delete there) and fills the new one (ingest:default there). */
export async function renameCollection(engine: Engine, actor: Actor, collection: string, name: string): Promise<{collection: string; previous: string}> {
	actor.require(operations.renameCollection, collection);
	actor.require(operations.ingest, name);
	return onCollections(engine, actor, operations.renameCollection, [collection], async () => engine.renameCollection(collection, name));
}

export async function removeSource(engine: Engine, actor: Actor, collection: string, folder: string): Promise<SourceRemoval> {
	return onCollections(engine, actor, operations.removeSource, [collection], async () => engine.removeSource(collection, folder));
}
