import {rmSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token-header.js';
import {DaemonProcess, delay, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {note, secretWord, writeTree} from './files/file-tree.js';
import {documentsWithSecret} from './files/find-secret.js';
import {runJob} from './files/run-job.js';
import {holdStream} from './streams/hold-stream.js';

const key = 'followed-section-owner-key-0123456789';

/** Every source's error in a finished job's report (path -> error). */
function sourceErrors(job: any): Map<string, string> {
	const errors = new Map<string, string>();
	for (const collection of job?.report?.sync?.collections ?? []) {
		for (const source of collection.sources ?? []) {
			if (source.error) {
				errors.set(source.path as string, source.error as string);
			}
		}
	}

	return errors;
}

/** The header part of an export (version 2) that adds `folder` as the collection's only source, with no document. */
function importOfSource(collection: string, folder: string): string {
	const header = {
		format: 'md-vector-export', version: 2, collection, model_id: 'tiny', dims: 32, chunker_version: 1, exported_at: new Date().toISOString(),
		sources: [{path: folder, label: path.basename(folder), include: [], exclude: [], ignore_files: true, hidden: false, watch: false}],
	};
	return `${JSON.stringify(header)}\n`;
}

/**
 * Issue 34 item 4: a followed folder replaced by a link to a folder outside every allowed root, and a source
 * imported at a path that did not exist yet, created later as such a link. For `rounds` rounds, on a daemon with
 * an API key whose only root is `data` (and the watch setting on): updates by the key holder and by the owner's
 * own commands (the local token, which may read anywhere), the daemon's own following, then a watch stream's
 * catch-up and the watch setting's catch-up after restarts. Every document is then searched and read back for
 * the outside files' word: reads outside the roots must be 0, and each update names the folder it did not read.
 */
export async function followedSection(tally: Tally, options: {rounds: number}): Promise<void> {
	const home = temporaryHome('md-vector-followed-');
	const data = path.join(home, 'data-root');
	const outside = path.join(home, 'outside');
	writeTree(outside, {'secret.md': `# Secret\n\nThe word ${secretWord} must never be read.\n`});
	writeTree(data, {'control/doc.md': note('zqcontrol'), 'elsewhere/doc.md': note('zqelsewhere'), 'moved/doc.md': note('zqmoved')});
	const env = {MD_VECTOR_API_KEY: key, MD_VECTOR_ALLOWED_ROOTS: data, MD_VECTOR_WATCH: 'true'};
	const keyed = {'x-api-key': key};
	const collections: string[] = ['control', 'moved'];
	let daemon = await DaemonProcess.start({home, env});
	const token = () => ({[localTokenHeader]: readDiscovery(path.join(home, 'state'))?.token ?? ''});
	const counts = {replaced: 0, imported: 0, updates: 0, refusedReported: 0};
	const update = async (collection: string, headers: Record<string, string>, who: string, folder: string) => {
		const job = await runJob(daemon, '/jobs/update', {collection}, 60_000, headers);
		counts.updates++;
		const error = sourceErrors(job.job).get(folder) ?? '';
		const said = job.state === 'completed' && error.includes(outside);
		counts.refusedReported += said ? 1 : 0;
		tally.check('I34-4-followed', `an update (${who}) of a folder that now leads outside the roots reports it unread, naming where it leads`, said, `${collection}: ${job.state} ${error || JSON.stringify(job.job?.report?.sync ?? {}).slice(0, 300)}`);
	};

	try {
		await daemon.untilModel();
		for (const [folder, collection] of [['control', 'control'], ['moved', 'moved']] as const) {
			const added = await runJob(daemon, '/jobs/ingest-directory', {directory: path.join(data, folder), collection}, 60_000, keyed);
			tally.check('I34-4-followed', 'a folder inside the roots is added', added.state === 'completed', `${folder}: ${added.state}`);
		}

		for (let round = 0; round < options.rounds; round++) {
			// A followed folder replaced by a link to outside (rm -rf; ln -s), then updated.
			const replaced = path.join(data, `replaced-${round}`);
			writeTree(replaced, {'doc.md': note(`zqreplaced${round}`)});
			const added = await runJob(daemon, '/jobs/ingest-directory', {directory: replaced, collection: `replaced-${round}`}, 60_000, keyed);
			tally.check('I34-4-followed', 'a folder inside the roots is added', added.state === 'completed', `replaced-${round}: ${added.state}`);
			collections.push(`replaced-${round}`);
			rmSync(replaced, {recursive: true, force: true});
			symlinkSync(outside, replaced);
			counts.replaced++;
			await update(`replaced-${round}`, keyed, 'API key', replaced);
			await update(`replaced-${round}`, token(), 'local token', replaced);

			// A source imported at a path that does not exist yet, created later as a link to outside.
			const later = path.join(data, `later-${round}`);
			const imported = await daemon.request({method: 'POST', path: `/api/v1/import?collection=imported-${round}`, headers: {'content-type': 'application/x-ndjson', ...keyed}, body: importOfSource(`imported-${round}`, later)});
			tally.answered(imported.status);
			tally.check('I34-4-followed', 'an import naming a folder not there yet (inside the roots) is taken', imported.status === 200, `${imported.status} ${imported.text.slice(0, 300)}`);
			collections.push(`imported-${round}`);
			symlinkSync(outside, later);
			counts.imported++;
			await update(`imported-${round}`, keyed, 'API key', later);
			await update(`imported-${round}`, token(), 'local token', later);
		}

		// A folder moved under a link that stays inside the roots is still read; a real folder still syncs.
		rmSync(path.join(data, 'moved'), {recursive: true, force: true});
		symlinkSync(path.join(data, 'elsewhere'), path.join(data, 'moved'));
		const moved = await runJob(daemon, '/jobs/update', {collection: 'moved'}, 60_000, keyed);
		tally.check('I34-4-followed', 'a followed folder replaced by a link inside the roots is still read', moved.state === 'completed' && sourceErrors(moved.job).size === 0 && (await found(daemon, 'moved', 'zqelsewhere', keyed)), JSON.stringify(moved.job?.report?.sync ?? moved.state).slice(0, 300));
		writeTree(data, {'control/new.md': note('zqcontrolnew')});
		const control = await runJob(daemon, '/jobs/update', {collection: 'control'}, 60_000, keyed);
		tally.check('I34-4-followed', 'a real folder inside the roots still syncs', control.state === 'completed' && (await found(daemon, 'control', 'zqcontrolnew', keyed)), control.state);

		// The daemon's own following (the watch setting) saw each folder replaced; then a watch stream's catch-up
		// on a daemon without the setting, and the setting's catch-up of every source at a start.
		await delay(4000);
		await daemon.stop();
		daemon = await DaemonProcess.start({home, env: {...env, MD_VECTOR_WATCH: 'false'}});
		const stream = await holdStream(daemon.url, '/api/v1/watch/events', keyed, /event: ready/, 120_000);
		tally.check('I34-4-followed', 'a watch stream over folders that lead outside opens, and its catch-up reports them unread', stream.status === 200 && stream.text.includes(outside), `${stream.status} ${stream.text.slice(0, 2000)}`);
		stream.close();
		await daemon.stop();
		daemon = await DaemonProcess.start({home, env});
		await delay(4000);
		const leaks = await documentsWithSecret(daemon, collections, keyed);
		tally.note(`followed: ${counts.replaced} followed folders replaced by a link to outside the roots, ${counts.imported} imported paths created later as such a link; ${counts.updates} updates (API key and local token), the watch setting following them, a watch stream's catch-up and the setting's catch-up at a start; refusals reported by the updates: ${counts.refusedReported} of ${counts.updates}; documents read from outside the roots: ${leaks.length}`);
		tally.check('I34-4-followed', 'nothing outside the allowed roots is read through a followed folder that became a link (must be 0)', leaks.length === 0, leaks.slice(0, 5).join('; '));
		tally.unauthorised += leaks.length;
		tally.check('crash', 'the daemon lives through the followed-folder attacks', daemon.running && !daemon.crashed(), daemon.log().slice(-1500));
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}

/** Whether a keyword search of the collection finds the word. */
async function found(daemon: DaemonProcess, collection: string, word: string, headers: Record<string, string>): Promise<boolean> {
	const search = await daemon.api('POST', '/search', {query: word, mode: 'keyword', collection}, headers);
	return search.status === 200 && (search.body.results as unknown[]).length > 0;
}
