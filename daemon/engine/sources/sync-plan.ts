import {pairMoves, type MoveCandidates} from './pair-moves.js';
import type {Conflict, DiskFile, Matched, StoredDocument, SyncPlan} from './sync-plan-types.js';

export type PlanOptions = {
	/** A file whose name a loose document holds takes that document over (`--force`) instead of being a conflict. */
	readonly takeOver?: boolean;
};

const byName = <T extends {name: string}>(a: T, b: T) => (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0));
const key = (sourceId: number, relativePath: string) => `${sourceId}\0${relativePath}`;

/**
 * What a sync of the sources in `scope` must do so that the store holds exactly the files on disk. `disk` holds
 * every file of those sources; documents of other sources and loose ones are never removed. A file is matched
 * to its document by (source, relative path), else to a loose document read from the same path (adopted);
 * then a file whose content equals the indexed content of a document whose file is gone or holds other text
 * now is that document moved (pair-moves.ts: moves, chains and swaps). Every list is in name order (code
 * units); pairs of equal content are matched in name order too, so the plan is deterministic.
 */
export function planSync(disk: readonly DiskFile[], stored: readonly StoredDocument[], scope: ReadonlySet<number>, options: PlanOptions = {}): SyncPlan {
	const outside = disk.find(file => !scope.has(file.sourceId));
	if (outside) {
		throw new Error(`planSync: ${outside.name} belongs to source ${outside.sourceId}, which is not being synced`);
	}

	const owned = new Map(stored.filter(document => document.sourceId !== null && scope.has(document.sourceId) && document.relativePath !== null)
		.map(document => [key(document.sourceId!, document.relativePath!), document]));
	const loose = new Map(stored.filter(document => document.sourceId === null && document.sourcePath !== null).map(document => [document.sourcePath!, document]));
	const looseByName = new Map(stored.filter(document => document.sourceId === null).map(document => [document.name, document]));
	const claimed = new Set<StoredDocument>();
	// Names that stay taken whatever this sync does: documents it does not own, unless one of its files adopts it.
	const foreign = new Set(stored.filter(document => document.sourceId === null || !scope.has(document.sourceId)).map(document => document.name));
	const names = new Set<string>();
	const plan = {added: [] as DiskFile[], changed: [] as Matched[], renamed: [] as Matched[], unchanged: [] as Matched[], conflicts: [] as Conflict[]};

	const files = [...disk].sort(byName);
	// Matching first, so that a loose document adopted by one file frees its name before names are checked.
	const matches = files.map(file => {
		const byKey = owned.get(key(file.sourceId, file.relativePath));
		const adoptable = byKey ? undefined : loose.get(file.absolutePath) ?? (options.takeOver ? looseByName.get(file.name) : undefined);
		const document = byKey ?? (adoptable && !claimed.has(adoptable) ? adoptable : undefined);
		if (document) {
			claimed.add(document);
			if (document.sourceId === null) {
				foreign.delete(document.name);
			}
		}

		return {file, document};
	});
	const candidates: MoveCandidates = {added: [], changed: [], vanished: []};
	for (const {file, document} of matches) {
		if (names.has(file.name)) {
			plan.conflicts.push({...file, reason: 'another file of this sync has the same name', holder: 'sync'});
			continue;
		}

		if (foreign.has(file.name) && file.name !== document?.name) {
			plan.conflicts.push({...file, reason: 'a document outside this sync has this name', holder: looseByName.has(file.name) ? 'loose' : 'source'});
			continue;
		}

		names.add(file.name);
		if (!document) {
			candidates.added.push(file);
			continue;
		}

		const matched = {...file, previousName: document.name, adopted: document.sourceId === null};
		if (document.contentHash === file.contentHash) {
			(document.name === file.name ? plan.unchanged : plan.renamed).push(matched);
		} else if (matched.adopted) {
			plan.changed.push(matched);
		} else {
			candidates.changed.push({file: matched, document});
		}
	}

	candidates.vanished.push(...[...owned.values()].filter(document => !claimed.has(document)).sort(byName));
	const paired = pairMoves(candidates);
	return {
		...plan,
		added: paired.added.sort(byName),
		changed: [...plan.changed, ...paired.changed].sort(byName),
		moved: paired.moved,
		renamed: plan.renamed.sort(byName),
		removed: paired.removed.sort(byName),
	};
}
