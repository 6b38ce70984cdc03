// Which collections a call means. A request names them (REST always does: its default is `default`), or leaves
// the choice to the daemon (MCP, where an assistant may leave it out): then every collection the caller may use,
// or the one that fits. A named collection that does not exist is a not-found that carries the collections the
// caller may use instead.
import type {Engine} from '../engine/engine.js';
import type {Actor} from './actor.js';
import {CollectionNotFound, DomainError, invalidInput, listing} from './errors.js';
import type {CollectionPermission} from './operations.js';

/** The existing collections the actor may use with `permission`. */
export async function usableCollections(engine: Engine, actor: Actor, permission: CollectionPermission): Promise<string[]> {
	return (await engine.collections()).map(entry => entry.name).filter(actor.allowed(permission));
}

/**
 * Checks the actor may use `permission` on each named collection, then runs `work` on them. The engine's
 * not-found for one of them that does not exist comes back as a CollectionNotFound (same message) with the
 * collections the actor may use: looked up only then, so a request that succeeds costs nothing more.
 */
export async function onCollections<T>(engine: Engine, actor: Actor, permission: CollectionPermission, names: readonly string[], work: () => Promise<T>): Promise<T> {
	for (const name of names) {
		actor.require(permission, name);
	}

	try {
		return await work();
	} catch (error) {
		if (error instanceof DomainError && error.code === 'not_found' && !(error instanceof CollectionNotFound)) {
			const existing = (await engine.collections()).map(entry => entry.name);
			if (names.some(name => !existing.includes(name))) {
				throw new CollectionNotFound(error.message, existing.filter(actor.allowed(permission)));
			}
		}

		throw error;
	}
}

/**
 * The collection a call means when it names none: the only one the actor may use, else the only one holding
 * `file`; an error that lists them otherwise.
 */
export async function chosenCollection(engine: Engine, actor: Actor, permission: CollectionPermission, file?: string): Promise<string> {
	const usable = await usableCollections(engine, actor, permission);
	const holding = file === undefined ? [] : await Promise.all(usable.map(async name => (await engine.document(name, file)) !== undefined));
	const candidates = file === undefined ? usable : usable.filter((_name, index) => holding[index]);
	if (candidates.length === 1) {
		return candidates[0]!;
	}

	const what = file === undefined ? 'several collections' : (candidates.length === 0 ? `no collection holding '${file}'` : `'${file}' is in several collections`);
	throw invalidInput(`name a collection (${what}): ${listing(file === undefined || candidates.length === 0 ? usable : candidates)}`);
}

/** The named collection, or the one that fits (chosenCollection), checked and run as onCollections does. */
export async function onCollection<T>(engine: Engine, actor: Actor, permission: CollectionPermission, named: string | undefined, work: (name: string) => Promise<T>, file?: string): Promise<T> {
	const name = named ?? await chosenCollection(engine, actor, permission, file);
	return onCollections(engine, actor, permission, [name], async () => work(name));
}
