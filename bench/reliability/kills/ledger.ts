/** A document's state: its content hash, or absent. */
export type State = string | 'absent';

type Entry = {
	/** The last state the daemon acknowledged (undefined: never acknowledged, so it may be absent). */
	acked: State | undefined;
	/** States allowed now: the acknowledged one, and those of operations whose answer never came. */
	candidates: Set<State>;
};

const key = (collection: string, file: string) => `${collection}\u0000${file}`;

/**
 * What the daemon was told and what it answered, document by document: after a kill and a restart every
 * acknowledged write must be there (a document with the acknowledged content, an acknowledged delete absent),
 * and a write that was not acknowledged may or may not be (whole, either way).
 */
export class Ledger {
	private readonly entries = new Map<string, Entry>();
	/** Imports: all of their documents, or none. */
	private readonly groups: Array<{name: string; keys: string[]}> = [];

	/** An operation that may leave the document in `state` has started. */
	begin(collection: string, file: string, state: State): void {
		const entry = this.entries.get(key(collection, file)) ?? {acked: undefined, candidates: new Set<State>(['absent'])};
		entry.candidates.add(state);
		this.entries.set(key(collection, file), entry);
	}

	/** The daemon acknowledged that the document is now in `state`. */
	ack(collection: string, file: string, state: State): void {
		this.entries.set(key(collection, file), {acked: state, candidates: new Set([state])});
	}

	/** The state the daemon last acknowledged (or was seen in at the last check); undefined when never. */
	acknowledged(collection: string, file: string): State | undefined {
		return this.entries.get(key(collection, file))?.acked;
	}

	beginGroup(name: string, collection: string, files: readonly string[]): void {
		this.groups.push({name, keys: files.map(file => key(collection, file))});
	}

	/** Documents acknowledged as present, for operations that need some (deletes). */
	present(collection: string): string[] {
		return [...this.entries].filter(([name, entry]) => name.startsWith(`${collection}\u0000`) && entry.acked !== undefined && entry.acked !== 'absent').map(([name]) => name.slice(collection.length + 1));
	}

	/**
	 * Compares what the restarted daemon holds (`observed`: collection -> file -> hash) with the ledger; answers the
	 * acknowledged writes lost, documents that should not exist, and imports found in part. Then what was observed
	 * becomes the truth (a write that was not acknowledged but is there is durable now).
	 */
	verify(observed: ReadonlyMap<string, ReadonlyMap<string, string>>): {checked: number; lost: string[]; unexpected: string[]; partialImports: string[]} {
		const seen = new Map<string, State>();
		for (const [collection, files] of observed) {
			for (const [file, hash] of files) {
				seen.set(key(collection, file), hash);
			}
		}

		const lost: string[] = [];
		const unexpected: string[] = [];
		for (const [name, entry] of this.entries) {
			const state = seen.get(name) ?? 'absent';
			if (!entry.candidates.has(state)) {
				(entry.acked === undefined ? unexpected : lost).push(`${name.replace('\u0000', '/')}: acknowledged ${String(entry.acked)}, found ${state}`);
			}

			this.entries.set(name, {acked: state, candidates: new Set([state])});
		}

		for (const name of seen.keys()) {
			if (!this.entries.has(name)) {
				unexpected.push(`${name.replace('\u0000', '/')}: never written`);
			}
		}

		const partialImports = this.groups.filter(group => {
			const found = group.keys.filter(name => seen.has(name)).length;
			return found !== 0 && found !== group.keys.length;
		}).map(group => group.name);
		this.groups.length = 0;
		return {checked: this.entries.size, lost, unexpected, partialImports};
	}
}
