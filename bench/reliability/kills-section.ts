import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {DaemonProcess, temporaryHome} from './daemon-process.js';
import {random} from './random.js';
import type {Tally} from './tally.js';
import {KillTree} from './kills/kill-corpus.js';
import {Ledger} from './kills/ledger.js';
import {deleteDocuments, importDocuments, ingestDirectory, ingestNotes, killCollections, type OperationContext} from './kills/kill-operations.js';
import {halfDocuments} from './kills/store-check.js';

/** Operations, and how long after its start each is killed at most (about how long it takes here). */
const operations: Array<{name: string; windowMs: number; run: (context: OperationContext) => Promise<void>}> = [
	{name: 'ingest-dir', windowMs: 8000, run: async context => ingestDirectory(context, 'default')},
	{name: 'force re-ingest', windowMs: 8000, run: async context => ingestDirectory(context, 'force')},
	{name: 'import', windowMs: 1500, run: importDocuments},
	{name: 'delete', windowMs: 1500, run: deleteDocuments},
	{name: 'ingest', windowMs: 3000, run: ingestNotes},
];

/**
 * SIGKILL at `kills` random moments of directory ingestion, forced re-ingestion, import, delete and single
 * ingests, one data folder throughout; after each, a restart and the checks: every acknowledged document there
 * with its acknowledged content (an acknowledged delete absent), no half document (chunks, vectors and BM25 rows
 * all there), an import all or nothing, index files' temporaries gone, and the index answering.
 */
export async function killsSection(tally: Tally, options: {seed: number; kills: number}): Promise<void> {
	const home = temporaryHome('md-vector-kills-');
	const tree = new KillTree(path.join(home, 'tree'), 30);
	const env = {MD_VECTOR_ALLOWED_ROOTS: tree.root};
	const ledger = new Ledger();
	const generator = random(options.seed);
	const counts = new Map<string, number>();
	let checked = 0;
	let daemon = await DaemonProcess.start({home, env});
	await daemon.untilModel();
	const health = (await daemon.api('GET', '/health')).body;
	const chunkerVersion = await daemon.chunkerVersion();
	for (let cycle = 0; cycle < options.kills; cycle++) {
		const operation = cycle < operations.length ? operations[cycle]! : generator.pick(operations);
		const context: OperationContext = {daemon, ledger, tree, random: generator, cycle, operation: `cycle ${cycle}: ${operation.name}`, modelId: health.checks.embedder.model, dims: health.checks.embedder.dimension, chunkerVersion};
		counts.set(operation.name, (counts.get(operation.name) ?? 0) + 1);
		// The kill cuts its requests short (they answer status 0); an exception is the suite's own bookkeeping failing.
		const running = operation.run(context).then(() => undefined, (error: unknown) => error);
		const after = Math.floor(generator.next() * operation.windowMs);
		await new Promise(resolve => {
			setTimeout(resolve, after);
		});
		await daemon.kill();
		tally.kills++;
		const failed = await running;
		tally.check('lost-ack', 'the operation\'s ledger keeps up with what the daemon answers (no exception)', failed === undefined, `cycle ${cycle} (${operation.name}): ${failed instanceof Error ? failed.stack ?? failed.message : String(failed)}`);
		tally.check('crash', 'the daemon had not died before it was killed', !daemon.crashed('SIGKILL'), daemon.log().slice(-1500));
		try {
			daemon = await DaemonProcess.start({home, env});
			await daemon.untilModel();
		} catch (error) {
			tally.crashes++;
			tally.check('crash', 'the daemon starts again after a SIGKILL', false, `cycle ${cycle} (${operation.name} killed after ${after} ms): ${(error as Error).message}`);
			return;
		}

		checked += await verify(daemon, ledger, tally, `cycle ${cycle}: ${operation.name} killed after ${after} ms`);
	}

	tally.note(`kills: ${[...counts].map(([name, count]) => `${name} ${count}`).join(', ')}; ${checked.toLocaleString('en-US')} document states checked after the restarts`);

	const exit = await daemon.stop();
	tally.check('crash', 'SIGTERM after the kills: exit 0', exit.code === 0 && !daemon.crashed('SIGTERM'), `exit ${exit.code ?? exit.signal}: ${daemon.log().slice(-1500)}`);
}

/** Answers how many document states were compared with the ledger. */
async function verify(daemon: DaemonProcess, ledger: Ledger, tally: Tally, where: string): Promise<number> {
	const observed = new Map<string, Map<string, string>>();
	for (const collection of Object.values(killCollections)) {
		const {status, body} = await daemon.api('GET', `/documents?collection=${collection}`);
		observed.set(collection, new Map(status === 200 ? (body.documents as Array<{file: string; content_hash: string}>).map(document => [document.file, document.content_hash]) : []));
		if (status === 200) {
			const stats = await daemon.api('GET', `/stats?collection=${collection}`);
			tally.check('crash', 'after a restart the index holds every stored vector', stats.status === 200 && stats.body.index_vectors === stats.body.vectors, `${where}: ${collection} ${JSON.stringify(stats.body)}`);
			const search = await daemon.api('POST', '/search', {query: 'compost soil', mode: 'semantic', top_k: 5, collection});
			tally.check('crash', 'after a restart semantic search answers', search.status === 200 && search.body.results.length === Math.min(5, stats.body.vectors as number), `${where}: ${collection} ${search.status}`);
		}
	}

	const {checked, lost, unexpected, partialImports} = ledger.verify(observed, `the check after ${where}`);
	tally.lost += lost.length;
	// Every finding by name (operation, document, what was acknowledged and by which answer, what the daemon held).
	for (const finding of [...lost.map(line => `LOST ${line}`), ...unexpected.map(line => `UNEXPECTED ${line}`)]) {
		tally.note(`${where}: ${finding}`);
	}

	tally.check('lost-ack', 'every acknowledged write survives a SIGKILL', lost.length === 0, `${where}: ${lost.slice(0, 5).join('; ')}`);
	tally.check('lost-ack', 'no document appears that was never written', unexpected.length === 0, `${where}: ${unexpected.slice(0, 5).join('; ')}`);
	const half = halfDocuments(path.join(daemon.home, 'data'));
	tally.half += half.length + partialImports.length;
	tally.check('half-document', 'no half document after a SIGKILL (chunks, vectors, BM25 rows)', half.length === 0, `${where}: ${half.slice(0, 5).join('; ')}`);
	tally.check('half-document', 'an import is there whole or not at all', partialImports.length === 0, `${where}: ${partialImports.join('; ')}`);
	// Temporaries of the killed daemon; the restarted one may be writing its own (named with its pid) right now.
	// No folder yet: the daemon was killed before it wrote any index file, so none can be left over.
	const indexes = path.join(daemon.home, 'data', 'indexes');
	const leftovers = (existsSync(indexes) ? readdirSync(indexes, {encoding: 'utf8'}) : []).filter(name => name.includes('.tmp') && !name.includes(`.${daemon.pid}.tmp`));
	tally.check('item-3', 'no temporary index file is left after a restart', leftovers.length === 0, `${where}: ${leftovers.join(', ')}`);
	const note = ledger.present(killCollections.notes).at(-1);
	if (note) {
		const word = /^note-(\d+)-(\d+)\.md$/.exec(note);
		const found = await daemon.api('POST', '/search', {query: `zq${word![1]}x${word![2]}`, mode: 'keyword', collection: killCollections.notes});
		tally.check('crash', 'after a restart keyword search finds an acknowledged note by its word', found.body?.results?.[0]?.source_file === note, `${where}: ${note} -> ${JSON.stringify(found.body).slice(0, 200)}`);
	}

	return checked;
}
