// The streams section's daemon folder: clients c0..c{n-1} (clients.json keys from C<i>_KEY) that may follow and
// sync folders under the temporary folder, and three folder sources: collection `w` (one folder of `files` notes)
// and `v` (two of 30% as many).
import {mkdirSync, realpathSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {until, type DaemonProcess} from '../daemon-process.js';

export type Sources = {
	/** The source folders (real paths, as the daemon names them in its log). */
	readonly roots: readonly string[];
	/** Adds them as sources (directory jobs of the owner), and waits for their end. */
	ingest(daemon: DaemonProcess, owner: Record<string, string>): Promise<void>;
};

/** A folder of `files` notes, 20 to a subfolder. */
function folderOf(root: string, files: number): string {
	for (let index = 0; index < files; index++) {
		const folder = path.join(root, `part-${Math.floor(index / 20)}`);
		mkdirSync(folder, {recursive: true});
		writeFileSync(path.join(folder, `note-${index}.md`), `# Note ${index}\n\nCompost, soil and note ${index}.\n`);
	}

	return realpathSync(root);
}

export function makeSources(home: string, clients: number, files: number): Sources {
	mkdirSync(path.join(home, 'config', 'capabilities'), {recursive: true});
	writeFileSync(path.join(home, 'config', 'clients.json'), JSON.stringify({clients: Array.from({length: clients}, (_, index) => ({label: `c${index}`, key: `\${C${index}_KEY}`}))}));
	writeFileSync(path.join(home, 'config', 'capabilities', 'streams.json'), JSON.stringify({
		identifier: 'stream-clients', clients: ['c*'],
		permissions: ['ingest:default', 'search:default', 'collections:read', 'fs:allow-temp-read-recursive'],
	}));
	const w = folderOf(path.join(home, 'w'), files);
	const v1 = folderOf(path.join(home, 'v1'), Math.ceil(files * 0.3));
	const v2 = folderOf(path.join(home, 'v2'), Math.ceil(files * 0.3));
	return {
		roots: [w, v1, v2],
		async ingest(daemon, owner) {
			for (const [directory, collection] of [[w, 'w'], [v1, 'v'], [v2, 'v']] as const) {
				const started = await daemon.api('POST', '/jobs/ingest-directory', {directory, collection}, owner);
				const id = String(started.body?.job?.id);
				const done = await until(async () => ((await daemon.api('GET', `/jobs/${id}`, undefined, owner)).body?.job?.state === 'completed' ? true : undefined), 120_000);
				if (!done) {
					throw new Error(`ingest-dir ${directory}: ${started.status} ${JSON.stringify(started.body)}`);
				}
			}
		},
	};
}

/** Watchers started (each with its catch-up sync) for a source, from the daemon's log. */
export const sourceFollowed = (daemon: DaemonProcess, root: string) => daemon.log().split('\n').filter(line => line.includes(`] watch: following ${root} (`) && line.endsWith('watcher started, caught up')).length;

/** Whether the daemon has closed a source's watcher (its last stream gone). */
export const sourceReleased = (daemon: DaemonProcess, root: string) => daemon.log().includes(`watch: stopped following ${root} (`);
