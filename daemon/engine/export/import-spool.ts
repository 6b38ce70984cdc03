import {randomBytes} from 'node:crypto';
import {createReadStream, mkdirSync, readdirSync, rmSync} from 'node:fs';
import {open, rm, type FileHandle} from 'node:fs/promises';
import path from 'node:path';
import {createInterface} from 'node:readline';
import type {DocumentToWrite} from '../storage/types.js';
import type {ExportedDocument} from './export-format.js';

/** Where a daemon with this data folder keeps an import's checked documents until they are written. */
export function importFolderOf(dataDir: string): string {
	return path.join(dataDir, 'imports');
}

/** A group written at once: about this many chunks (or one document, if larger), then the next group is read. */
const groupChunks = 512;

/**
 * Checked documents of an import, kept in a file (one JSON line each) until all of them are checked, then read
 * back a group at a time for the one transaction that writes them: an import of any size holds one document
 * in memory while it is read, and one group while it is written. In `folder` (the data folder's `imports/`).
 */
export class ImportSpool {
	/** Removes the spools a daemon that stopped mid-import left (called once, at start). */
	static clean(folder: string): void {
		mkdirSync(folder, {recursive: true});
		for (const name of readdirSync(folder)) {
			if (name.startsWith('import-')) {
				rmSync(path.join(folder, name), {force: true});
			}
		}
	}

	static async create(folder: string): Promise<ImportSpool> {
		mkdirSync(folder, {recursive: true});
		const file = path.join(folder, `import-${process.pid}-${randomBytes(6).toString('hex')}.jsonl`);
		return new ImportSpool(file, await open(file, 'wx', 0o600));
	}

	documents = 0;
	chunks = 0;
	vectors = 0;

	private constructor(private readonly file: string, private readonly handle: FileHandle) {
		// Fields only.
	}

	async add(document: ExportedDocument): Promise<void> {
		await this.handle.write(`${JSON.stringify(document)}\n`);
		this.documents++;
		this.chunks += document.chunks.length;
		this.vectors += document.chunks.filter(chunk => chunk.vector !== undefined).length;
	}

	/**
	 * The documents in the order they came, as groups to write, each shaped by `toWrite` (vectors decoded again:
	 * they were checked when added; its place given there).
	 */
	async * groups(toWrite: (document: ExportedDocument, where: string) => DocumentToWrite): AsyncGenerator<DocumentToWrite[]> {
		await this.handle.close();
		const lines = createInterface({input: createReadStream(this.file), crlfDelay: Number.POSITIVE_INFINITY});
		let group: DocumentToWrite[] = [];
		let chunks = 0;
		let index = 0;
		for await (const line of lines) {
			const document = toWrite(JSON.parse(line) as ExportedDocument, `document ${++index}`);
			group.push(document);
			chunks += document.chunks.length;
			if (chunks >= groupChunks) {
				yield group;
				group = [];
				chunks = 0;
			}
		}

		if (group.length > 0) {
			yield group;
		}
	}

	async remove(): Promise<void> {
		await this.handle.close().catch(() => undefined);
		await rm(this.file, {force: true});
	}
}
