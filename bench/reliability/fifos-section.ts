import {rmSync} from 'node:fs';
import path from 'node:path';
import {DaemonProcess, delay, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {makeFifo, note, writeTree} from './files/file-tree.js';
import {runJob} from './files/run-job.js';
import {Swappers} from './files/swappers.js';

/** How long a search or ingest of another collection, or /health, may take while FIFOs are offered. */
const boundMs = 5000;
const healthBoundMs = 2000;

/**
 * Issue 25 item 3: for `ms`, FIFOs are offered to the daemon where it reads users' files: ignore files
 * (.gitignore, .mdvectorignore) in a folder source, a document's file replaced by a FIFO (read by `get` and a
 * search's changed_on_disk), and a file of a followed folder swapped between a regular file and a FIFO. Updates,
 * gets and searches of that folder go on meanwhile; searches and ingests of other collections and /health are
 * timed: none may wait past the bound (must be 0), nothing may hang, and /health must say ok truthfully.
 */
export async function fifosSection(tally: Tally, options: {ms: number}): Promise<void> {
	const home = temporaryHome('md-vector-fifos-');
	const allowed = path.join(home, 'allowed');
	writeTree(allowed, {
		'fifo/a.md': note('zqalpha'), 'loose/gone.md': note('zqgone'), 'fifo/s1/b.md': note('zqbeta'), 'fifo/s2/c.md': note('zqgamma'),
		'watched/doc.md': note('zqwatched'), 'watched/keep.md': note('zqkeep'),
		'other/one.md': note('zqone'), 'other/two.md': note('zqtwo'), 'other/three.md': note('zqthree'),
	});
	const env = {MD_VECTOR_ALLOWED_ROOTS: allowed};
	let daemon = await DaemonProcess.start({home, env});
	try {
		await daemon.untilModel();
		for (const folder of ['fifo', 'watched', 'other']) {
			const added = await runJob(daemon, '/jobs/ingest-directory', {directory: path.join(allowed, folder), collection: folder}, 60_000);
			tally.check('I25-fifos', 'a folder is ingested before the FIFOs come', added.state === 'completed', `${folder}: ${added.state}`);
		}

		const loose = await daemon.api('POST', '/ingest', {file_path: path.join(allowed, 'loose', 'gone.md'), collection: 'loose'});
		tally.check('I25-fifos', 'a file is ingested before the FIFOs come', loose.status === 200, `${loose.status}`);
		// The FIFOs: ignore files in every folder of the source, and a loose document's file replaced by one.
		for (const folder of ['', 's1', 's2', 's3', 's4']) {
			makeFifo(path.join(allowed, 'fifo', folder, '.gitignore'));
			makeFifo(path.join(allowed, 'fifo', folder, '.mdvectorignore'));
		}

		rmSync(path.join(allowed, 'loose', 'gone.md'));
		makeFifo(path.join(allowed, 'loose', 'gone.md'));
		await daemon.stop();
		daemon = await DaemonProcess.start({home, env: {...env, MD_VECTOR_WATCH: 'true'}});
		await daemon.untilModel();
		const swappers = new Swappers([{mode: 'fifo', path: path.join(allowed, 'watched', 'doc.md'), other: '', text: note('zqwatched')}], options.ms);
		const deadline = Date.now() + options.ms;
		const counts = {updates: 0, gets: 0, searches: 0, others: 0, health: 0};
		const wedged: string[] = [];
		const delayed: string[] = [];
		const loop = async (work: () => Promise<void>) => {
			while (Date.now() < deadline && daemon.running) {
				await work();
			}
		};

		const timed = async (what: string, bound: number, request: () => Promise<{status: number; body: any}>, into: string[]) => {
			const started = performance.now();
			const answer = await Promise.race([request(), delay(bound * 4).then(() => ({status: 0, body: 'no answer'}))]);
			const ms = performance.now() - started;
			tally.answered(answer.status);
			tally.latency(`fifos: ${what}`, ms);
			if (ms > bound || answer.status === 0) {
				into.push(`${what}: ${answer.status} after ${ms.toFixed(0)} ms`);
			}

			return answer;
		};

		// The model's document threads load at an ingestion's first texts (seconds on a loaded machine): that is not
		// a FIFO's wait, so one ingest goes before the clock.
		await daemon.api('POST', '/ingest', {content: note('zqwarm'), file_name: 'warm.md', collection: 'small'});
		await Promise.all([
			loop(async () => {
				const update = await runJob(daemon, '/jobs/update', {collection: 'fifo'}, 30_000);
				counts.updates++;
				if (update.state !== 'completed') {
					wedged.push(`update of the folder with FIFOs: ${update.state}`);
				}
			}),
			loop(async () => {
				counts.gets++;
				const got = await timed('get of a document whose file is a FIFO', boundMs, async () => daemon.api('GET', '/documents/gone.md?collection=loose'), wedged);
				tally.check('I25-fifos', 'get answers from the stored text, its file changed on disk', got.status === 200 && got.body.changed_on_disk === true, `${got.status} ${JSON.stringify(got.body).slice(0, 200)}`);
			}),
			loop(async () => {
				counts.searches++;
				await timed('search of the folder with FIFOs', boundMs, async () => daemon.api('POST', '/search', {query: 'zqalpha zqbeta', mode: 'keyword', collection: 'fifo'}), wedged);
				const search = await timed('search of a document whose file is a FIFO', boundMs, async () => daemon.api('POST', '/search', {query: 'zqgone', mode: 'keyword', collection: 'loose'}), wedged);
				tally.check('I25-fifos', 'a hit whose file became a FIFO: changed on disk', search.body?.results?.[0]?.changed_on_disk === true, JSON.stringify(search.body).slice(0, 300));
			}),
			loop(async () => {
				counts.others++;
				await timed('search of another folder-backed collection', boundMs, async () => daemon.api('POST', '/search', {query: 'zqone', mode: 'keyword', collection: 'other'}), delayed);
				await timed('small ingest into another collection', boundMs, async () => daemon.api('POST', '/ingest', {content: note(`zqsmall${counts.others}`), file_name: `small-${counts.others}.md`, collection: 'small'}), delayed);
			}),
			loop(async () => {
				counts.health++;
				const health = await timed('/health', healthBoundMs, async () => daemon.api('GET', '/health'), delayed);
				tally.check('I25-fifos', '/health says ok (nothing is wedged)', health.status === 200 && health.body.status === 'ok', `${health.status} ${JSON.stringify(health.body).slice(0, 300)}`);
				await delay(200);
			}),
		]);
		const swaps = await swappers.stop();
		tally.note(`fifos: 10 FIFO ignore files, a document's file made a FIFO and ${swaps.toLocaleString('en-US')} regular/FIFO swaps in a followed folder for ${(options.ms / 1000).toFixed(0)} s: ${counts.updates} updates, ${counts.gets} gets and ${counts.searches} searches of the FIFOs' documents, ${counts.others} searches and ingests of other collections, ${counts.health} /health; waits past ${boundMs / 1000} s: ${delayed.length} (other collections, /health past ${healthBoundMs / 1000} s), operations that hung: ${wedged.length}`);
		tally.check('I25-fifos', 'no search or ingest of another collection, and no /health, waits past its bound (must be 0)', delayed.length === 0, delayed.slice(0, 5).join('; '));
		tally.check('I25-fifos', 'no update, get or search of the documents with FIFOs hangs (must be 0)', wedged.length === 0, wedged.slice(0, 5).join('; '));
		const found = await daemon.api('POST', '/search', {query: 'zqbeta zqgamma', mode: 'keyword', collection: 'fifo'});
		tally.check('I25-fifos', 'a FIFO ignore file adds no rule: the folders under it are still synced', found.body?.results?.length === 2, JSON.stringify(found.body).slice(0, 300));
		tally.check('crash', 'the daemon lives through the FIFOs', daemon.running && !daemon.crashed(), daemon.log().slice(-1500));
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}
