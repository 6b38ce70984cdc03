import type {DaemonProcess} from '../daemon-process.js';
import type {Random} from '../random.js';
import type {Ledger} from './ledger.js';
import {sha256, type KillTree} from './kill-corpus.js';

/** The collections the kill runs write. */
export const killCollections = {directory: 'kill-dir', imports: 'kill-import', notes: 'kill-notes'} as const;

export type OperationContext = {
	readonly daemon: DaemonProcess;
	readonly ledger: Ledger;
	readonly tree: KillTree;
	readonly random: Random;
	readonly cycle: number;
	readonly modelId: string;
	readonly dims: number;
	readonly chunkerVersion: number;
	/** The operation as findings name it (`cycle 3: force re-ingest`). */
	readonly operation?: string;
	/** Called after each poll of a directory job, once its progress is in the ledger (a test kills the daemon there). */
	readonly afterJobPoll?: (job: {readonly state: string; readonly progress: Record<string, number>}) => Promise<void> | void;
};

const alive = (context: OperationContext) => context.daemon.running;

/** The operation and how long after its start an answer came, for an acknowledgement's provenance. */
function clockOf(context: OperationContext): () => string {
	const started = performance.now();
	const operation = context.operation ?? `cycle ${context.cycle}`;
	return () => `${operation} (+${Math.round(performance.now() - started)} ms)`;
}

/**
 * A directory ingestion (default mode, or force: every chunk embedded again), some files changed first. Its
 * progress acknowledges files. The daemon writes, in name order, a group per transaction: by default the files
 * whose content differs from what it stores (what the ledger holds for them: exact since the last restart's
 * check), and its `processed_files` counts the unchanged files from the start; with force every file, and
 * `unchanged` is 0. So the first `processed_files - unchanged` files of that list are committed. (Taking
 * `processed_files` n as "the first n files of the folder", as this did before issue 25, acknowledged changed
 * files that sort among unchanged ones before their group was written; taking it as the first n changed files in
 * force mode, as this did before issue 34, acknowledged changed files that sort after the group written, then
 * ran past the end of that list and threw, which the kill runs took for the kill's doing: a SIGKILL before the
 * job's last group showed them as lost. Issue 34 item 11.)
 */
export async function ingestDirectory(context: OperationContext, mode: 'default' | 'force'): Promise<void> {
	const {daemon, ledger, tree, random} = context;
	const clock = clockOf(context);
	const revised = tree.files.filter(() => random.chance(0.3));
	tree.revise(revised, `${context.cycle}`);
	for (const file of tree.files) {
		ledger.name(tree.hash(file), `${file} ${tree.revision(file)}`);
	}

	const pending = tree.files.filter(file => ledger.acknowledged(killCollections.directory, file) !== tree.hash(file));
	const written = mode === 'force' ? tree.files : pending; // what the daemon writes, in its order
	for (const file of tree.files) {
		ledger.begin(killCollections.directory, file, tree.hash(file));
	}

	const started = await daemon.api('POST', '/jobs/ingest-directory', {directory: tree.root, collection: killCollections.directory, mode});
	if (started.status !== 202) {
		return;
	}

	let acknowledged = 0;
	while (alive(context)) {
		const {status, body} = await daemon.api('GET', `/jobs/${started.body.job.id as string}`);
		if (status !== 200) {
			return;
		}

		const {processed_files, unchanged, failed, indexed} = body.job.progress as {processed_files: number; unchanged: number; failed: number; indexed: number};
		const seen = `job ${(started.body.job.id as string).slice(0, 8)} ${body.job.state as string}: processed_files ${processed_files}, unchanged ${unchanged}, indexed ${indexed}, failed ${failed}`;
		// A file that failed is counted before its group commits: nothing more is acknowledged then (none fail here).
		const committed = failed === 0 ? processed_files - unchanged : 0;
		if (committed > written.length) {
			throw new Error(`${clock()} ${mode} ingest-dir: ${seen}, but the ledger expected ${written.length} files to be written (${pending.length} changed): its model of the daemon is wrong`);
		}

		for (; acknowledged < committed; acknowledged++) {
			const file = written[acknowledged]!;
			ledger.ack(killCollections.directory, file, tree.hash(file), `${clock()} ${mode} ingest-dir, ${seen} (file ${acknowledged + 1} of the ${written.length} it writes; ${pending.length} changed: ${pending.join(' ')})`);
		}

		await context.afterJobPoll?.(body.job);
		if (body.job.state !== 'running') {
			return;
		}

		await new Promise(resolve => {
			setTimeout(resolve, 25);
		});
	}
}

/** An import of 20 new documents with unit vectors: acknowledged all at once, and all or none after a kill. */
export async function importDocuments(context: OperationContext): Promise<void> {
	const {daemon, ledger, random} = context;
	const clock = clockOf(context);
	const files = Array.from({length: 20}, (_, index) => `import-${context.cycle}-${index}.md`);
	const header = {format: 'md-vector-export', version: 1, collection: killCollections.imports, model_id: context.modelId, dims: context.dims, chunker_version: context.chunkerVersion, exported_at: new Date().toISOString()};
	const lines = [JSON.stringify(header)];
	for (const file of files) {
		const values = Array.from({length: context.dims}, () => random.next() - 0.5);
		const norm = Math.hypot(...values);
		const vector = Buffer.from(Float32Array.from(values, value => value / norm).buffer).toString('base64');
		const content = `Imported note ${file} about compost, cycle ${context.cycle}.`;
		lines.push(JSON.stringify({file_name: file, title: file, tags: [], content_hash: sha256(content), byte_size: content.length, chunks: [
			{id: file, ordinal: 0, section_title: file, heading_level: 1, heading_path: [file], content, start_line: 1, end_line: 1, tokens: 12, text_hash: sha256(`text ${content}`), vector},
		]}));
		ledger.begin(killCollections.imports, file, sha256(content));
	}

	ledger.beginGroup(`import of cycle ${context.cycle}`, killCollections.imports, files);
	const answer = await daemon.request({method: 'POST', path: '/api/v1/import', headers: {'content-type': 'application/x-ndjson'}, body: `${lines.join('\n')}\n`});
	if (answer.status === 200) {
		for (const [index, file] of files.entries()) {
			ledger.ack(killCollections.imports, file, JSON.parse(lines[index + 1]!).content_hash as string, `${clock()} import: 200`);
		}
	}
}

/** Deletes acknowledged documents one by one; each 200 (or 404: it was not there) acknowledges its absence. */
export async function deleteDocuments(context: OperationContext): Promise<void> {
	const {daemon, ledger, random} = context;
	const clock = clockOf(context);
	const collection = random.pick(Object.values(killCollections));
	const doomed = ledger.present(collection).filter(() => random.chance(0.25)).slice(0, 12);
	for (const file of doomed) {
		if (!alive(context)) {
			return;
		}

		ledger.begin(collection, file, 'absent');
		const {status} = await daemon.api('DELETE', `/documents/${encodeURIComponent(file)}?collection=${collection}`);
		if (status === 200 || status === 404) {
			ledger.ack(collection, file, 'absent', `${clock()} DELETE: ${status}`);
		}
	}
}

/** Inline documents one request at a time, each with its own word (found by keyword search later). */
export async function ingestNotes(context: OperationContext): Promise<void> {
	const {daemon, ledger} = context;
	const clock = clockOf(context);
	for (let index = 0; index < 40 && alive(context); index++) {
		const file = `note-${context.cycle}-${index}.md`;
		const content = `# Note ${context.cycle} ${index}\n\nThe word zq${context.cycle}x${index} marks this note about compost and soil.\n\n## More\n\nDetails of note ${index}.\n`;
		ledger.begin(killCollections.notes, file, sha256(content));
		const {status} = await daemon.api('POST', '/ingest', {content, file_name: file, collection: killCollections.notes});
		if (status === 200) {
			ledger.ack(killCollections.notes, file, sha256(content), `${clock()} POST /ingest: 200`);
		}
	}
}
