import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {DaemonProcess, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {note, writeTree} from './files/file-tree.js';
import {runJob} from './files/run-job.js';
import {checkHealth, describeHealth, HealthWatch} from './parsers/health-watch.js';
import {cyclicAlias, deepFrontMatter, infinity, keysAtLimit, manyKeys} from './parsers/hostile-markdown.js';

export type FrontMatterOptions = {
	/** Nesting of the deep documents (the attack: 2,000 inline, 3,000 in a folder). */
	readonly depth: number;
	/** Keys of the many-keys document (the attack: 68,322 in 499 KB). */
	readonly keys: number;
	/** Good files beside the bad ones in the folder (the attack: 20). */
	readonly good: number;
	/** A PostgreSQL database (empty, pgvector installed): the section runs there too. */
	readonly databaseUrl?: string;
};

const healthBoundMs = 2000;

/**
 * Issue 34 items 1, 2 and 8, on each backend: deeply nested front matter (four inline at once, then a folder
 * of eight synced and force-synced), 68,322 keys in one ingest, a cyclic alias and a value JSON cannot hold
 * inline and among good files of a folder. Each hostile document must cost its sender a 400 (inline) or fail
 * alone in its job (a folder: the good files indexed, later updates working); /health answers throughout; the
 * daemon lives.
 */
export async function frontMatterSection(tally: Tally, options: FrontMatterOptions): Promise<void> {
	await onBackend(tally, options, 'sqlite', {});
	if (options.databaseUrl) {
		await onBackend(tally, options, 'postgres', {MD_VECTOR_DATABASE_URL: options.databaseUrl});
	}
}

async function onBackend(tally: Tally, options: FrontMatterOptions, backend: string, env: Record<string, string>): Promise<void> {
	const home = temporaryHome('md-vector-front-matter-');
	const allowed = path.join(home, 'allowed');
	const good = Object.fromEntries(Array.from({length: options.good}, (_, index) => [`good-${String(index).padStart(2, '0')}.md`, note(`zqgood${index}`)]));
	writeTree(allowed, {...good, 'cycle.md': cyclicAlias, 'inf.md': infinity, 'deep.md': deepFrontMatter(options.depth), 'keys.md': manyKeys(Math.min(options.keys, 5000))});
	writeTree(allowed, Object.fromEntries(Array.from({length: 8}, (_, index) => [`deep/d${index}.md`, deepFrontMatter(options.depth + 1000)])));
	writeTree(allowed, {'deep/fine.md': note('zqfine')});
	const daemon = await DaemonProcess.start({home, env: {MD_VECTOR_ALLOWED_ROOTS: allowed, ...env}});
	const at = `${backend}: `;
	try {
		await daemon.untilModel();
		const health = new HealthWatch(daemon, tally, `front matter (${backend}): /health during the attack`, healthBoundMs);
		// Item 1: four deep documents at once, inline.
		const started = performance.now();
		const deep = await Promise.all(Array.from({length: 4}, async (_, index) => daemon.api('POST', '/ingest', {content: deepFrontMatter(options.depth), file_name: `deep-${index}.md`, collection: 'inline'})));
		for (const answer of deep) {
			tally.answered(answer.status);
			tally.check('I34-1', 'deeply nested front matter is a 400 naming the rule', answer.status === 400 && /front matter: nested more than 16 levels deep/.test(answer.body?.error?.message), `${at}${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
		}

		tally.note(`front matter (${backend}): 4 inline ingests nested ${options.depth} deep at once: ${deep.map(answer => answer.status).join(', ')} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
		// Item 2: many keys in one ingest, then front matter at the limit (read).
		const keysStarted = performance.now();
		const keys = await daemon.api('POST', '/ingest', {content: manyKeys(options.keys), file_name: 'keys.md', collection: 'inline'});
		const keysMs = performance.now() - keysStarted;
		tally.answered(keys.status);
		tally.check('I34-2', 'front matter of many keys is a 400 naming the rule, at once', keys.status === 400 && /front matter: (\d+ KB; at most 64 KB|more than 1000 keys)/.test(keys.body?.error?.message), `${at}${keys.status} ${JSON.stringify(keys.body).slice(0, 300)}`);
		const limitStarted = performance.now();
		const limit = await daemon.api('POST', '/ingest', {content: keysAtLimit(1000), file_name: 'limit.md', collection: 'inline'});
		const limitMs = performance.now() - limitStarted;
		tally.answered(limit.status);
		tally.check('I34-2', 'front matter of 1,000 keys (the limit) is read', limit.status === 200, `${at}${limit.status} ${JSON.stringify(limit.body).slice(0, 300)}`);
		tally.note(`front matter (${backend}): ${options.keys.toLocaleString('en-US')} keys (${Math.round(manyKeys(options.keys).length / 1024)} KB): ${keys.status} in ${keysMs.toFixed(0)} ms; 1,000 distinct keys (the limit): ${limit.status} in ${limitMs.toFixed(0)} ms`);
		// Item 8: a cycle and a value JSON cannot hold, inline.
		for (const [name, content] of [['cycle.md', cyclicAlias], ['inf.md', infinity]] as const) {
			const answer = await daemon.api('POST', '/ingest', {content, file_name: name, collection: 'inline'});
			tally.answered(answer.status);
			tally.check('I34-8', 'a cyclic alias or a value JSON cannot hold is a 400 naming the field, not a 500', answer.status === 400 && /front matter: field "\w+"/.test(answer.body?.error?.message), `${at}${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
		}

		await folder(tally, daemon, allowed, options, at);
		const figures = await health.stop();
		checkHealth(tally, 'I34-1', `front matter attacks run (${backend})`, figures, healthBoundMs);
		tally.note(`front matter (${backend}): ${describeHealth(figures, healthBoundMs)}`);
		tally.check('crash', 'the daemon lives through hostile front matter', daemon.running && !daemon.crashed(), `${at}${daemon.log().slice(-1500)}`);
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}

/** A folder of good files and hostile ones: the good indexed, each hostile one failed with why; updates keep working. */
async function folder(tally: Tally, daemon: DaemonProcess, allowed: string, options: FrontMatterOptions, at: string): Promise<void> {
	const bad = ['cycle.md', 'deep.md', 'inf.md', 'keys.md'];
	const first = await runJob(daemon, '/jobs/ingest-directory', {directory: allowed, collection: 'folder', exclude: ['deep/**']}, 120_000);
	const outcomes = (first.job?.report?.files ?? []) as Array<{file: string; status: string; error?: string}>;
	const failed = outcomes.filter(outcome => outcome.status === 'failed');
	tally.check('I34-8', 'a folder with hostile front matter: its job completes, every good file indexed', first.state === 'completed' && outcomes.filter(outcome => outcome.status === 'indexed').length === options.good, `${at}${first.state} ${JSON.stringify(outcomes.filter(outcome => outcome.status !== 'indexed')).slice(0, 400)}`);
	tally.check('I34-8', 'each hostile file fails alone, its reason naming its front matter', failed.length === bad.length && failed.every(outcome => bad.includes(outcome.file) && (outcome.error ?? '').includes('front matter:')), `${at}${JSON.stringify(failed).slice(0, 600)}`);
	writeFileSync(path.join(allowed, 'good-00.md'), note('zqedited'));
	const update = await runJob(daemon, '/jobs/update', {collection: 'folder'}, 120_000);
	const changed = ((update.job?.report?.files ?? []) as Array<{file: string; status: string}>).filter(outcome => outcome.status === 'indexed').map(outcome => outcome.file);
	tally.check('I34-8', 'a later update of that folder works: the edited good file is indexed again', update.state === 'completed' && changed.includes('good-00.md'), `${at}${update.state} ${JSON.stringify(update.job?.report).slice(0, 400)}`);
	const found = await daemon.api('POST', '/search', {query: 'zqedited', mode: 'keyword', collection: 'folder'});
	tally.check('I34-8', 'the edit is searchable', found.body?.results?.[0]?.source_file === 'good-00.md', `${at}${JSON.stringify(found.body).slice(0, 300)}`);
	await deepFolder(tally, daemon, allowed, at);
}

/** Item 1 in a folder: eight deep files beside a fine one, synced and force-synced. */
async function deepFolder(tally: Tally, daemon: DaemonProcess, allowed: string, at: string): Promise<void> {
	// Item 1 in a folder: eight deep files beside a fine one, synced and force-synced.
	for (const mode of ['default', 'force'] as const) {
		const synced = await runJob(daemon, mode === 'default' ? '/jobs/ingest-directory' : '/jobs/update', mode === 'default' ? {directory: path.join(allowed, 'deep'), collection: 'deep'} : {collection: 'deep', mode}, 120_000);
		const files = (synced.job?.report?.files ?? []) as Array<{file: string; status: string}>;
		tally.check('I34-1', `a folder of deeply nested front matter: ${mode === 'default' ? 'its sync' : 'a forced sync'} completes, the deep files failed, the fine one kept`, synced.state === 'completed' && files.filter(file => file.status === 'failed').length === 8 && files.some(file => file.file === 'fine.md' && file.status !== 'failed'), `${at}${synced.state} ${JSON.stringify(files).slice(0, 400)}`);
	}
}
