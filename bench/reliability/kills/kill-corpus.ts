import {createHash} from 'node:crypto';
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {sharedData} from '../daemon-process.js';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The tree that directory ingestions are killed in: `count` real KEP documents of at most 24 KB (a group of them
 * is a few seconds of the generated model's work), whose content the suite changes between runs.
 */
export class KillTree {
	readonly files: string[];
	private readonly texts = new Map<string, string>();
	private readonly revisions = new Map<string, string>();

	constructor(readonly root: string, count: number) {
		const keps = path.join(sharedData, 'kubernetes-keps');
		const small = readdirSync(keps, {recursive: true, encoding: 'utf8'})
			.filter(name => name.endsWith('.md') && statSync(path.join(keps, name)).size < 24 * 1024)
			.sort()
			.slice(0, count);
		mkdirSync(root, {recursive: true});
		this.files = small.map((name, index) => `kep-${String(index).padStart(3, '0')}.md`).sort();
		for (const [index, name] of small.entries()) {
			this.write(this.files[index]!, readFileSync(path.join(keps, name), 'utf8'));
		}
	}

	/** Appends a revision line (and `more`, if any) to some files: a new version, so a re-ingest replaces their chunks. */
	revise(files: readonly string[], revision: string, more = ''): void {
		for (const file of files) {
			this.write(file, `${this.texts.get(file)!}\nRevision ${revision}.\n${more}`);
			this.revisions.set(file, `revision ${revision}`);
		}
	}

	/** Which version a file is now: `original`, or the cycle that revised it last (`revision 7`). */
	revision(file: string): string {
		return this.revisions.get(file) ?? 'original';
	}

	/** The content hash of a file as the daemon computes it (SHA-256 of its text). */
	hash(file: string): string {
		return sha256(this.texts.get(file)!);
	}

	private write(file: string, text: string): void {
		this.texts.set(file, text);
		writeFileSync(path.join(this.root, file), text);
	}
}
