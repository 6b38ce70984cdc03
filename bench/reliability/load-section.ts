import {cpSync, mkdirSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {checkAnswer} from './answer-rules.js';
import {DaemonProcess, sharedData, temporaryHome, until} from './daemon-process.js';
import {json} from './http.js';
import {random} from './random.js';
import type {Tally} from './tally.js';

const queries = ['kubectl plugin', 'api server', 'feature gate', 'graduation criteria', 'test plan', 'scheduler', 'persistent volume', 'network policy', 'beta', 'upgrade strategy', 'Get-ChildItem', 'pipeline'];

function copyTree(from: string, to: string, count: number, prefix: string): string[] {
	mkdirSync(to, {recursive: true});
	const files = readdirSync(from, {recursive: true, encoding: 'utf8'}).filter(name => name.endsWith('.md') && statSync(path.join(from, name)).size < 40 * 1024).sort().slice(0, count);
	return files.map((file, index) => {
		const name = `${prefix}-${String(index).padStart(3, '0')}.md`;
		cpSync(path.join(from, file), path.join(to, name));
		return name;
	});
}

/**
 * 16 searches in flight, all modes, while a directory ingestion, deletes and imports write the same collection:
 * every request answers (200/202), latencies are recorded, and a search started after a delete was acknowledged
 * never returns that document.
 */
export async function loadSection(tally: Tally, options: {seed: number; searches: number; searched?: number; ingested?: number}): Promise<void> {
	const home = temporaryHome('md-vector-load-');
	const searched = copyTree(path.join(sharedData, 'kubernetes-keps'), path.join(home, 'keps'), options.searched ?? 60, 'kep');
	copyTree(path.join(sharedData, 'powershell-docs', 'corpus'), path.join(home, 'ps'), options.ingested ?? 150, 'ps');
	const daemon = await DaemonProcess.start({home, env: {MD_VECTOR_ALLOWED_ROOTS: home}});
	const generator = random(options.seed);
	try {
		await daemon.untilModel();
		const first = await daemon.api('POST', '/jobs/ingest-directory', {directory: path.join(home, 'keps'), collection: 'load'});
		await until(async () => ((await daemon.api('GET', `/jobs/${first.body.job.id as string}`)).body.job.state === 'running' ? undefined : true), 600_000, 250);
		const health = (await daemon.api('GET', '/health')).body;
		const chunkerVersion = await daemon.chunkerVersion();
		const deleted = new Map<string, number>();
		const state = {writing: true};
		const write = async (label: string, request: Parameters<DaemonProcess['request']>[0], expect: number[]) => {
			checkAnswer(tally, await daemon.request(request), {finding: 'general', label: `load: ${label}`, expect});
		};

		const writers = (async () => {
			const job = await daemon.request({method: 'POST', path: '/api/v1/jobs/ingest-directory', headers: {'content-type': 'application/json'}, body: JSON.stringify({directory: path.join(home, 'ps'), collection: 'load'})});
			checkAnswer(tally, job, {finding: 'general', label: 'load: start the ingestion', expect: [202]});
			const jobId = json(job)?.job?.id as string;
			// A second folder in the collection names every document by its folder's label (keps/kep-002.md): the
			// deletes wait for that, so they name what the collection holds whenever the job gets to adding its folder,
			// and the searches' hits are checked against the names they carry.
			await until(async () => (await documentNames(daemon)).has(`keps/${searched[0]!}`) ? true : undefined, 120_000, 50);
			for (let round = 0; ; round++) {
				const victim = searched[round] === undefined ? undefined : `keps/${searched[round]!}`;
				if (victim && round % 2 === 0) {
					await write(`delete ${victim}`, {method: 'DELETE', path: `/api/v1/documents/${victim}?collection=load`}, [200]);
					deleted.set(victim, performance.now());
				}

				await write(`import ${round}`, {method: 'POST', path: '/api/v1/import', headers: {'content-type': 'application/x-ndjson'}, body: importLines(round, {modelId: health.checks.embedder.model as string, dims: health.checks.embedder.dimension as number, chunkerVersion}, generator.next)}, [200]);
				const state = json(await daemon.request({method: 'GET', path: `/api/v1/jobs/${jobId}`}))?.job?.state as string | undefined;
				if (state !== 'running' && round >= 20) {
					return;
				}
			}
		})().finally(() => {
			state.writing = false;
		});

		let sent = 0;
		const searcher = async () => {
			while (state.writing || sent < options.searches) {
				sent++;
				const started = performance.now();
				const body = {query: generator.pick(queries), mode: generator.pick(['hybrid', 'semantic', 'keyword']), top_k: generator.int(1, 20), collection: 'load'};
				const answer = await daemon.request({method: 'POST', path: '/api/v1/search', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
				checkAnswer(tally, answer, {finding: 'general', label: `load: search ${JSON.stringify(body)}`, expect: [200]});
				tally.latency('search under load (16 in flight, during ingest, deletes and imports)', answer.ms);
				const stale = ((json(answer)?.results ?? []) as Array<{source_file: string}>).filter(result => (deleted.get(result.source_file) ?? Infinity) < started);
				tally.check('general', 'load: a search started after a delete was acknowledged never returns that document', stale.length === 0, stale.map(result => result.source_file).join(', '));
			}
		};

		await Promise.all([writers, ...Array.from({length: 16}, async () => searcher())]);
	} finally {
		const exit = await daemon.stop();
		tally.check('crash', 'SIGTERM after the load: exit 0', exit.code === 0 && !daemon.crashed('SIGTERM'), daemon.log().slice(-1000));
	}
}

/** The names of the documents of the collection 'load'. */
async function documentNames(daemon: DaemonProcess): Promise<Set<string>> {
	const {body} = await daemon.api('GET', '/documents?collection=load');
	return new Set(((body.documents ?? []) as Array<{file: string}>).map(document => document.file));
}

/** An import of 10 documents with random unit vectors. */
function importLines(round: number, {modelId, dims, chunkerVersion}: {modelId: string; dims: number; chunkerVersion: number}, next: () => number): string {
	const header = {format: 'md-vector-export', version: 1, collection: 'load', model_id: modelId, dims, chunker_version: chunkerVersion, exported_at: new Date().toISOString()};
	const lines = [JSON.stringify(header)];
	for (let index = 0; index < 10; index++) {
		const values = Array.from({length: dims}, () => next() - 0.5);
		const norm = Math.hypot(...values);
		const content = `Imported scheduler note ${round}-${index}.`;
		lines.push(JSON.stringify({file_name: `import-${round}-${index}.md`, title: 't', tags: [], content_hash: `h${round}-${index}`, byte_size: content.length, chunks: [
			{id: 'c', ordinal: 0, section_title: 't', heading_level: 1, heading_path: ['t'], content, start_line: 1, end_line: 1, tokens: 8, text_hash: `t${round}-${index}`, vector: Buffer.from(Float32Array.from(values, value => value / norm).buffer).toString('base64')},
		]}));
	}

	return `${lines.join('\n')}\n`;
}
