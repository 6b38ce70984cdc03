// Export and import. An import's collection is the one asked for, else the one its export names: the caller
// needs ingest:default on the collection it actually goes into, checked as soon as that is known (before any
// document is read), whichever it is.
import type {Engine} from '../engine/engine.js';
import type {ImportResult} from '../engine/engine-answers.js';
import type {ExportFormat} from '../engine/export/export-format.js';
import type {Actor} from './actor.js';
import {onCollections} from './collection-choice.js';
import {operations} from './operations.js';
import {checkNamedPath} from './safe-path.js';

export {exportLimits} from '../engine/export/export-limits.js';
export type {ExportFormat} from '../engine/export/export-format.js';

/** The collection in a format, as parts to send in order, read from the storage a page at a time. */
export async function exportCollection(engine: Engine, actor: Actor, collection: string, format: ExportFormat): Promise<AsyncIterable<string>> {
	return onCollections(engine, actor, operations.export, [collection], async () => engine.export(collection, format));
}

/**
 * Restores a json or jsonl export as it streams in (read a document at a time, never held whole). The paths it
 * names (folder sources it adds, the files documents were read from) are held to the caller's read scope.
 */
export async function importCollection(engine: Engine, actor: Actor, input: AsyncIterable<string | Uint8Array>, collection: string | undefined): Promise<ImportResult> {
	actor.require(operations.import, collection);
	return engine.import(input, collection, {
		collection(target) {
			actor.require(operations.import, target);
		},
		path: async (field, target) => checkNamedPath(field, target, actor.readable),
	});
}
