/** A document's state: its content hash, or absent. */
export type State = string | 'absent';

type Entry = {
	/** The last state the daemon acknowledged (undefined: never acknowledged, so it may be absent). */
	acked: State | undefined;
	/** What acknowledged it: the operation and the answer that said so (or the check after a restart). */
	ackedBy: string;
	/** States allowed now: the acknowledged one, and those of operations whose answer never came. */
	candidates: Set<State>;
};

/** One document the restarted daemon does not hold as the ledger expects, with everything known about it. */
export type Finding = {
	readonly collection: string;
	readonly file: string;
	/** The state acknowledged last (undefined: never acknowledged), and what said so. */
	readonly acknowledged: State | undefined;
	readonly acknowledgedBy: string;
	/** The states the ledger allowed (the acknowledged one and those of writes never answered). */
	readonly allowed: readonly State[];
	/** What the restarted daemon held. */
	readonly found: State;
};

const key = (collection: string, file: string) => `${collection}\u0000${file}`;

/**
 * What the daemon was told and what it answered, document by document: after a kill and a restart every
 * acknowledged write must be there (a document with the acknowledged content, an acknowledged delete absent),
 * and a write that was not acknowledged may or may not be (whole, either way). Each acknowledgement keeps what
 * made it (the operation and the answer), so a loss names its operation, document and both states.
 */
export class Ledger {
	private readonly entries = new Map<string, Entry>();
	/** Imports: all of their documents, or none. */
	private readonly groups: Array<{name: string; keys: string[]}> = [];
	/** Names of states (a file's revisions), for the findings. */
	private readonly names = new Map<State, string>();

	/** An operation that may leave the document in `state` has started. */
	begin(collection: string, file: string, state: State): void {
		const entry = this.entries.get(key(collection, file)) ?? {acked: undefined, ackedBy: 'never acknowledged', candidates: new Set<State>(['absent'])};
		entry.candidates.add(state);
		this.entries.set(key(collection, file), entry);
	}

	/** The daemon acknowledged that the document is now in `state`; `by` says which operation and answer. */
	ack(collection: string, file: string, state: State, by = 'an answer'): void {
		this.entries.set(key(collection, file), {acked: state, ackedBy: by, candidates: new Set([state])});
	}

	/** Names a state for the findings (say, `kep-003.md revision 7`). */
	name(state: State, name: string): void {
		this.names.set(state, name);
	}

	/** A state as a finding shows it: absent, or the start of its hash with its name. */
	describe(state: State | undefined): string {
		if (state === undefined || state === 'absent') {
			return String(state);
		}

		const name = this.names.get(state);
		return `${state.slice(0, 12)}${name === undefined ? '' : ` (${name})`}`;
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

	/** A finding as one line: operation, document, what was acknowledged and what the daemon held. */
	line(finding: Finding): string {
		return `${finding.collection}/${finding.file}: acknowledged ${this.describe(finding.acknowledged)} by ${finding.acknowledgedBy}; `
			+ `the restarted daemon held ${this.describe(finding.found)} (allowed: ${finding.allowed.map(state => this.describe(state)).join(', ')})`;
	}

	/**
	 * Compares what the restarted daemon holds (`observed`: collection -> file -> hash) with the ledger; answers the
	 * acknowledged writes lost, documents that should not exist, and imports found in part. Then what was observed
	 * becomes the truth (a write that was not acknowledged but is there is durable now).
	 */
	verify(observed: ReadonlyMap<string, ReadonlyMap<string, string>>, where = 'the check after a restart'): {checked: number; lost: string[]; unexpected: string[]; partialImports: string[]; findings: Finding[]} {
		const seen = new Map<string, State>();
		for (const [collection, files] of observed) {
			for (const [file, hash] of files) {
				seen.set(key(collection, file), hash);
			}
		}

		const findings: Finding[] = [];
		const lost: string[] = [];
		const unexpected: string[] = [];
		for (const [name, entry] of this.entries) {
			const state = seen.get(name) ?? 'absent';
			if (!entry.candidates.has(state)) {
				const [collection, file] = name.split('\u0000') as [string, string];
				const finding = {collection, file, acknowledged: entry.acked, acknowledgedBy: entry.ackedBy, allowed: [...entry.candidates], found: state};
				findings.push(finding);
				(entry.acked === undefined ? unexpected : lost).push(this.line(finding));
			}

			this.entries.set(name, {acked: state, ackedBy: where, candidates: new Set([state])});
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
		return {checked: this.entries.size, lost, unexpected, partialImports, findings};
	}
}
