import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {DaemonProcess, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {note, writeTree} from './files/file-tree.js';
import {runJob} from './files/run-job.js';
import {checkHealth, describeHealth, HealthWatch} from './parsers/health-watch.js';

export type GlobsOptions = {
	/** Documents named 60 a's and a number (the attack: one). */
	readonly names: number;
	/** Files of the folder with the huge ignore file (the attack: 300). */
	readonly files: number;
	/** A PostgreSQL database (empty, pgvector installed): search filters run there too. */
	readonly databaseUrl?: string;
};

const healthBoundMs = 2000;
const hostileGet = '*a*a*a*a*a*a*b';
const hostileFilter = `${'*a'.repeat(7)}*b`;
const hostileExclude = '*a*a*a*a*a*b';

/**
 * Issue 34 items 3 and 9: globs that backtracked (get's patterns, search filters on each backend, a source's
 * exclude, stored and synced again) over names of 60 a's, globs past the limits, and ignore files of 40,000
 * rules and at the limits in a folder of `files`. Each must answer (a 200 or a 400 naming the rule), each timed;
 * /health answers throughout.
 */
export async function globsSection(tally: Tally, options: GlobsOptions): Promise<void> {
	await onBackend(tally, options, 'sqlite', {});
	if (options.databaseUrl) {
		await onBackend(tally, options, 'postgres', {MD_VECTOR_DATABASE_URL: options.databaseUrl});
	}
}

async function onBackend(tally: Tally, options: GlobsOptions, backend: string, env: Record<string, string>): Promise<void> {
	const home = temporaryHome('md-vector-globs-');
	const allowed = path.join(home, 'allowed');
	const names = Array.from({length: options.names}, (_, index) => `${'a'.repeat(60)}${index}.md`);
	writeTree(path.join(allowed, 'names'), Object.fromEntries(names.map((name, index) => [name, note(`zqname${index}`)])));
	const daemon = await DaemonProcess.start({home, env: {MD_VECTOR_ALLOWED_ROOTS: allowed, ...env}});
	const at = `${backend}: `;
	const timed = async (what: string, request: () => Promise<{status: number; body: any}>) => {
		const started = performance.now();
		const answer = await request();
		const ms = performance.now() - started;
		tally.answered(answer.status);
		tally.note(`globs (${backend}): ${what}: ${answer.status} in ${ms.toFixed(0)} ms${answer.status === 400 ? ` (${String(answer.body?.error?.message).slice(0, 140)})` : ''}`);
		return answer;
	};

	try {
		await daemon.untilModel();
		const ingested = await runJob(daemon, '/jobs/ingest-directory', {directory: path.join(allowed, 'names'), collection: 'names'}, 600_000);
		tally.check('I34-3', 'documents named 60 a\'s and a number are ingested', ingested.state === 'completed', `${at}${ingested.state}`);
		const health = new HealthWatch(daemon, tally, `globs (${backend}): /health during the attack`, healthBoundMs);
		if (backend === 'sqlite') {
			const get = await timed(`get ${hostileGet} over ${options.names} names of 60 a's`, async () => daemon.api('POST', '/documents/get', {collection: 'names', patterns: [hostileGet]}));
			tally.check('I34-3', 'a backtracking get pattern answers (matching nothing)', get.status === 200 && get.body?.unmatched?.[0] === hostileGet, `${at}${get.status} ${JSON.stringify(get.body).slice(0, 300)}`);
			const over = await timed('get of a glob with 33 wildcards', async () => daemon.api('POST', '/documents/get', {collection: 'names', patterns: [`${'*a'.repeat(32)}*b`]}));
			tally.check('I34-3', 'a glob past the limits is a 400 naming the field and the rule', over.status === 400 && /^patterns: .*has 33 wildcards/.test(over.body?.error?.message), `${at}${over.status} ${JSON.stringify(over.body).slice(0, 300)}`);
		}

		for (const mode of ['keyword', 'hybrid'] as const) {
			const search = await timed(`${mode} search, filter.paths ${hostileFilter}`, async () => daemon.api('POST', '/search', {query: 'compost', mode, collection: 'names', filter: {paths: [hostileFilter]}}));
			tally.check('I34-3', 'a backtracking search filter answers (keeping nothing)', search.status === 200 && search.body?.results?.length === 0, `${at}${mode}: ${search.status} ${JSON.stringify(search.body).slice(0, 300)}`);
		}

		const kept = await daemon.api('POST', '/search', {query: 'zqname1', mode: 'keyword', collection: 'names', filter: {paths: ['a*1.md']}});
		tally.check('I34-3', 'a search filter still keeps what it matches', kept.status === 200 && kept.body?.results?.[0]?.source_file === names[1], `${at}${JSON.stringify(kept.body).slice(0, 300)}`);
		const filterOver = await timed('search filter of 20 globs of 64 alternatives', async () => daemon.api('POST', '/search', {query: 'x', collection: 'names', filter: {paths: Array.from({length: 20}, (_, index) => `{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}${index}`)}}));
		tally.check('I34-3', 'a filter past the limits is a 400 naming filter.paths', filterOver.status === 400 && /filter\.paths/.test(filterOver.body?.error?.message), `${at}${filterOver.status} ${JSON.stringify(filterOver.body).slice(0, 300)}`);
		if (backend === 'sqlite') {
			await sourceGlobs(tally, daemon, allowed, options, timed);
		}

		const figures = await health.stop();
		checkHealth(tally, 'I34-3', `hostile globs and ignore files run (${backend})`, figures, healthBoundMs);
		tally.note(`globs (${backend}): ${describeHealth(figures, healthBoundMs)}`);
		tally.check('crash', 'the daemon lives through hostile globs', daemon.running && !daemon.crashed(), `${at}${daemon.log().slice(-1500)}`);
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}

type Timed = (what: string, request: () => Promise<{status: number; body: any}>) => Promise<{status: number; body: any}>;

/** A source's exclude glob (synced twice), a glob past the limits, and ignore files of 40,000 rules and at the limits. */
async function sourceGlobs(tally: Tally, daemon: DaemonProcess, allowed: string, options: GlobsOptions, timed: Timed): Promise<void> {
	for (const route of ['/jobs/ingest-directory', '/jobs/update'] as const) {
		const body = route === '/jobs/update' ? {collection: 'excluded'} : {directory: path.join(allowed, 'names'), collection: 'excluded', exclude: [hostileExclude]};
		const job = await timed(`${route === '/jobs/update' ? 'update' : 'ingest-dir'} with exclude ${hostileExclude} over ${options.names} names`, async () => {
			const ran = await runJob(daemon, route, body, 600_000);
			return {status: ran.state === 'completed' ? 200 : 500, body: ran.job};
		});
		tally.check('I34-3', 'a source with a backtracking exclude glob syncs, every name kept', job.status === 200 && job.body?.report?.failed === 0, JSON.stringify(job.body?.report ?? job.body).slice(0, 300));
	}

	const refused = await daemon.api('POST', '/jobs/ingest-directory', {directory: path.join(allowed, 'names'), collection: 'x', exclude: ['@(a|b).md']});
	tally.answered(refused.status);
	tally.check('I34-3', 'a source glob it cannot take is a 400 naming the rule', refused.status === 400 && /extglobs/.test(refused.body?.error?.message), JSON.stringify(refused.body).slice(0, 300));
	await ignoreFiles(tally, daemon, allowed, options, timed);
}

/** Item 9: ignore files of 40,000 rules and at the limits, in a folder of `files`. */
async function ignoreFiles(tally: Tally, daemon: DaemonProcess, allowed: string, options: GlobsOptions, timed: Timed): Promise<void> {
	// Item 9: an ignore file of 40,000 rules (1 MB) in a folder of `files`: the sync says why, at once.
	const big = path.join(allowed, 'big');
	writeTree(big, Object.fromEntries(Array.from({length: options.files}, (_, index) => [`sub${index % 10}/f${index}.md`, note(`zqbig${index}`)])));
	writeFileSync(path.join(big, '.gitignore'), Array.from({length: 40_000}, (_, index) => `*a*${index}*.md`).join('\n'));
	const huge = await timed(`ingest-dir of ${options.files} files under a .gitignore of 40,000 rules`, async () => {
		const ran = await runJob(daemon, '/jobs/ingest-directory', {directory: big, collection: 'big'}, 600_000);
		return {status: ran.state === 'completed' ? 200 : 500, body: ran.job};
	});
	const error = huge.body?.report?.sync?.collections?.[0]?.sources?.[0]?.error as string | undefined;
	tally.check('I34-9', 'an ignore file past the limits stops its source\'s sync with why', huge.status === 200 && /ignore files of .*more than (10,000 rules|500 rules with wildcards)/.test(error ?? ''), JSON.stringify(huge.body?.report ?? huge.body).slice(0, 400));
	// At the limits: 9,500 names and *.ext rules and 500 others: the sync completes, the rules honoured.
	writeFileSync(path.join(big, '.gitignore'), [...Array.from({length: 9000}, (_, index) => `f${index + options.files}.md`), ...Array.from({length: 499}, (_, index) => `*.e${index}`), ...Array.from({length: 499}, (_, index) => `*a*a*a*${index}*b.md`), 'f1.md'].join('\n'));
	const limit = await timed(`update of ${options.files} files under a .gitignore at the limits (10,000 rules, 500 with wildcards)`, async () => {
		const ran = await runJob(daemon, '/jobs/update', {collection: 'big'}, 600_000);
		return {status: ran.state === 'completed' ? 200 : 500, body: ran.job};
	});
	const source = limit.body?.report?.sync?.collections?.[0]?.sources?.[0];
	tally.check('I34-9', 'an ignore file at the limits is honoured: the folder syncs, its rules applied', limit.status === 200 && source?.error === null && source?.skipped?.ignored === 1, JSON.stringify(source ?? limit.body).slice(0, 400));
}
