import {rmSync} from 'node:fs';
import path from 'node:path';
import {readDiscovery} from '../../common/discovery.js';
import {localTokenHeader} from '../../common/local-token-header.js';
import {DaemonProcess, delay, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {makeLink, note, secretWord, writeTree} from './files/file-tree.js';
import {documentsWithSecret} from './files/find-secret.js';
import {runJob} from './files/run-job.js';
import {Swappers} from './files/swappers.js';

const collections = {file: 'swap-file', mcp: 'swap-mcp', folder: 'swap-folder', watched: 'swap-watched'} as const;

/**
 * Issue 25 item 2: for `ms`, processes swap paths the daemon reads between a regular file and a link to a file
 * outside every allowed root (and a folder link between a folder inside and one outside), while file_path
 * ingests (REST and the MCP tool), folder updates and the daemon's own following of a folder read them. Then
 * every document is searched and read back for the outside files' word: reads outside the roots must be 0.
 */
export async function swapsSection(tally: Tally, options: {ms: number}): Promise<void> {
	const home = temporaryHome('md-vector-swaps-');
	const allowed = path.join(home, 'allowed');
	const outside = path.join(home, 'outside');
	writeTree(outside, {'secret.md': `# Secret\n\nThe word ${secretWord} must never be read.\n`, 'folder/doc.md': `# Secret folder\n\n${secretWord} again.\n`});
	const innocent = note('zqinnocent');
	writeTree(allowed, {
		'single.md': innocent, 'folder/doc.md': innocent, 'folder/other.md': note('zqother'), 'folder/.inner/doc.md': note('zqinner'),
		'watched/doc.md': innocent, 'watched/.inner/doc.md': note('zqinnerwatched'),
	});
	makeLink('.inner', path.join(allowed, 'folder', 'sub'));
	makeLink('.inner', path.join(allowed, 'watched', 'sub'));
	const env = {MD_VECTOR_ALLOWED_ROOTS: allowed};
	let daemon = await DaemonProcess.start({home, env});
	try {
		await daemon.untilModel();
		for (const [folder, collection] of [['folder', collections.folder], ['watched', collections.watched]] as const) {
			const added = await runJob(daemon, '/jobs/ingest-directory', {directory: path.join(allowed, folder), collection}, 60_000);
			tally.check('I25-swaps', 'a folder with a link inside it to a folder inside is ingested', added.state === 'completed', `${folder}: ${added.state}`);
		}

		await daemon.stop();
		// The daemon follows every folder source from its start (the watch setting): swaps there are synced on its own.
		daemon = await DaemonProcess.start({home, env: {...env, MD_VECTOR_WATCH: 'true'}});
		await daemon.untilModel();
		const swappers = new Swappers([
			{mode: 'link', path: path.join(allowed, 'single.md'), other: path.join(outside, 'secret.md'), text: innocent},
			{mode: 'link', path: path.join(allowed, 'folder', 'doc.md'), other: path.join(outside, 'secret.md'), text: innocent},
			{mode: 'folder-link', path: path.join(allowed, 'folder', 'sub'), other: path.join(outside, 'folder'), inside: '.inner'},
			{mode: 'link', path: path.join(allowed, 'watched', 'doc.md'), other: path.join(outside, 'secret.md'), text: innocent},
			{mode: 'folder-link', path: path.join(allowed, 'watched', 'sub'), other: path.join(outside, 'folder'), inside: '.inner'},
		], options.ms);
		const deadline = Date.now() + options.ms;
		const counts = {ingests: 0, mcp: 0, updates: 0};
		const loop = async (work: () => Promise<void>) => {
			while (Date.now() < deadline && daemon.running) {
				await work();
			}
		};

		// MCP wants a credential even on loopback: the local token of the user's own commands.
		const token = readDiscovery(path.join(home, 'state'))?.token ?? '';
		const mcpCall = (id: number) => JSON.stringify({jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'ingest', arguments: {file_path: path.join(allowed, 'single.md'), collection: collections.mcp}}});
		await Promise.all([
			loop(async () => {
				const answer = await daemon.api('POST', '/ingest', {file_path: path.join(allowed, 'single.md'), collection: collections.file});
				tally.answered(answer.status);
				counts.ingests++;
			}),
			loop(async () => {
				const answer = await daemon.request({method: 'POST', path: '/mcp', body: mcpCall(counts.mcp), headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream', [localTokenHeader]: token}});
				tally.answered(answer.status);
				counts.mcp++;
			}),
			loop(async () => {
				const update = await runJob(daemon, '/jobs/update', {collection: collections.folder}, 60_000);
				tally.check('I25-swaps', 'a folder update under swaps ends', update.state === 'completed', update.state);
				counts.updates++;
			}),
		]);
		const swaps = await swappers.stop();
		await delay(3000); // the daemon's last watcher batch (1 s of quiet) and its sync
		const leaks = await documentsWithSecret(daemon, Object.values(collections));
		tally.note(`swaps: ${swaps.toLocaleString('en-US')} swaps in ${(options.ms / 1000).toFixed(0)} s against ${counts.ingests} file_path ingests, ${counts.mcp} MCP ingests, ${counts.updates} folder updates and the daemon following a folder; documents read from outside the roots: ${leaks.length}`);
		tally.check('I25-swaps', 'nothing outside the allowed roots is read through a swapped link (must be 0)', leaks.length === 0, leaks.slice(0, 5).join('; '));
		tally.unauthorised += leaks.length;

		// What must still work once the swapping stops: the file read, the link inside the folder followed.
		const last = await daemon.api('POST', '/ingest', {file_path: path.join(allowed, 'single.md'), collection: collections.file});
		tally.check('I25-swaps', 'a file_path ingest of the regular file works after the swaps', last.status === 200, `${last.status} ${JSON.stringify(last.body).slice(0, 200)}`);
		const update = await runJob(daemon, '/jobs/update', {collection: collections.folder}, 60_000);
		const inner = await daemon.api('POST', '/search', {query: 'zqinner', mode: 'keyword', collection: collections.folder});
		tally.check('I25-swaps', 'a link inside a folder source to a folder inside it is still followed', update.state === 'completed' && inner.body?.results?.some((hit: {source_file: string}) => hit.source_file === 'sub/doc.md') === true, JSON.stringify(inner.body).slice(0, 300));
		tally.check('crash', 'the daemon lives through the swaps', daemon.running && !daemon.crashed(), daemon.log().slice(-1500));
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}
