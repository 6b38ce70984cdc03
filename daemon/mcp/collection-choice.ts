// Which collection(s) a tool call means when the assistant names none, or names one that does not exist: the
// answer always lists the collections the client may use, so the assistant can correct itself at once.
import type {Engine} from '../engine/engine.js';

export type Allowed = (collection: string) => boolean;

const listing = (names: readonly string[]) => (names.length > 0 ? `the collections are: ${names.join(', ')}` : 'there are no collections yet (ingest documents first)');

export async function usableCollections(engine: Engine, allowed: Allowed): Promise<string[]> {
	return (await engine.collections()).map(entry => entry.name).filter(name => allowed(name));
}

/** The named collection, checked; or every usable one when none is named (search). */
export async function collectionsToSearch(engine: Engine, allowed: Allowed, named?: string): Promise<string[]> {
	const usable = await usableCollections(engine, allowed);
	if (named !== undefined) {
		if (!usable.includes(named)) {
			throw new Error(`collection '${named}' does not exist; ${listing(usable)}`);
		}

		return [named];
	}

	if (usable.length === 0) {
		throw new Error(`nothing to search: ${listing(usable)}`);
	}

	return usable;
}

/** One collection: the named one, else the only one, else the one holding `file`; an error that lists them otherwise. */
export async function oneCollection(engine: Engine, allowed: Allowed, named?: string, file?: string): Promise<string> {
	const usable = await usableCollections(engine, allowed);
	if (named !== undefined) {
		if (!usable.includes(named)) {
			throw new Error(`collection '${named}' does not exist; ${listing(usable)}`);
		}

		return named;
	}

	const holding = file === undefined ? [] : await Promise.all(usable.map(async name => (await engine.document(name, file)) !== undefined));
	const candidates = file === undefined ? usable : usable.filter((_name, index) => holding[index]);
	if (candidates.length === 1) {
		return candidates[0]!;
	}

	const what = file === undefined ? 'several collections' : (candidates.length === 0 ? `no collection holding '${file}'` : `'${file}' is in several collections`);
	throw new Error(`name a collection (${what}): ${listing(file === undefined || candidates.length === 0 ? usable : candidates)}`);
}

/** For the server's instructions: the collections the client may use, with their sizes. */
export async function describeCollections(engine: Engine, allowed: Allowed): Promise<string> {
	const entries = (await engine.collections()).filter(entry => allowed(entry.name));
	return entries.length === 0
		? 'No collections exist yet.'
		: `Collections: ${entries.map(entry => `${entry.name} (${entry.documents} ${entry.documents === 1 ? 'document' : 'documents'})`).join(', ')}.`;
}
