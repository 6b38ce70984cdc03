import {rmSync} from 'node:fs';
import {DaemonProcess, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {checkHealth, describeHealth, HealthWatch} from './parsers/health-watch.js';
import {pathologicalMarkdown} from './parsers/hostile-markdown.js';

export type ChunkingOptions = {
	/** Bytes of each pathological document (the attack: 500 KB, six at once). */
	readonly bytes: number;
};

const healthBoundMs = 2000;

/**
 * Issue 34 item 10: six pathological Markdown documents of `bytes` ingested at once (before: 1-1.4 s each of the
 * main thread, /health 3.6 s); a section lookup in one; and, on a daemon given a 100 ms chunking budget, a
 * document over it refused while the next is chunked. /health answers throughout; every ingest answers 200 or a 400
 * naming why; the daemon lives.
 */
export async function chunkingSection(tally: Tally, options: ChunkingOptions): Promise<void> {
	const home = temporaryHome('md-vector-chunking-');
	let daemon = await DaemonProcess.start({home});
	try {
		await daemon.untilModel();
		const health = new HealthWatch(daemon, tally, 'chunking: /health during six pathological ingests', healthBoundMs);
		const started = performance.now();
		const documents = pathologicalMarkdown(options.bytes);
		const answers = await Promise.all(documents.map(async ({name, text}) => {
			const before = performance.now();
			const answer = await daemon.api('POST', '/ingest', {content: text, file_name: `${name.replaceAll(' ', '-')}.md`, collection: 'pathological'});
			tally.answered(answer.status);
			return {name, status: answer.status, ms: performance.now() - before, message: answer.body?.error?.message as string | undefined};
		}));
		const figures = await health.stop();
		for (const answer of answers) {
			tally.check('I34-10-chunking', 'a pathological document is chunked, or refused with why (200 or 400)', answer.status === 200 || (answer.status === 400 && (answer.message ?? '').includes('could not be chunked')), `${answer.name}: ${answer.status} ${answer.message ?? ''}`);
		}

		checkHealth(tally, 'I34-10-chunking', 'six pathological documents are chunked', figures, healthBoundMs);
		tally.note(`chunking: 6 documents of ${Math.round(options.bytes / 1024)} KB at once in ${((performance.now() - started) / 1000).toFixed(1)} s: ${answers.map(answer => `${answer.name} ${answer.status} in ${(answer.ms / 1000).toFixed(1)} s`).join(', ')}; ${describeHealth(figures, healthBoundMs)}`);
		const sectionHealth = new HealthWatch(daemon, tally, 'chunking: /health during section lookups', healthBoundMs);
		const stored = answers.find(answer => answer.status === 200);
		if (stored) {
			const file = `${stored.name.replaceAll(' ', '-')}.md`;
			const section = await daemon.api('GET', `/documents/${encodeURIComponent(file)}?collection=pathological&section=${encodeURIComponent('Nowhere')}`);
			tally.answered(section.status);
			tally.check('I34-10-chunking', 'a section lookup in a pathological document answers (404: no such section)', section.status === 404, `${section.status} ${JSON.stringify(section.body).slice(0, 200)}`);
		}

		checkHealth(tally, 'I34-10-chunking', 'a section of a pathological document is looked up', await sectionHealth.stop(), healthBoundMs);
		await daemon.stop();
		// The smallest budget the setting takes, 100 ms: 500 KB of brackets (0.65 s to chunk on a 2-core AMD EPYC, more
		// elsewhere; a budget of 1 s was met by that machine) fails, the thread is replaced, the next document is chunked.
		daemon = await DaemonProcess.start({home, env: {MD_VECTOR_CHUNK_BUDGET_MS: '100'}});
		await daemon.untilModel();
		const over = await daemon.api('POST', '/ingest', {content: '['.repeat(500 * 1024), file_name: 'over.md', collection: 'budget'});
		tally.answered(over.status);
		tally.check('I34-10-chunking', 'a document over the chunking budget is a 400 saying so', over.status === 400 && /could not be chunked within 0\.1 s/.test(over.body?.error?.message), `${over.status} ${JSON.stringify(over.body).slice(0, 300)}`);
		const next = await daemon.api('POST', '/ingest', {content: '# Next\n\nzqnext after the budget.\n', file_name: 'next.md', collection: 'budget'});
		tally.answered(next.status);
		tally.check('I34-10-chunking', 'the next document is chunked by a fresh thread', next.status === 200, `${next.status} ${JSON.stringify(next.body).slice(0, 300)}`);
		tally.check('crash', 'the daemon lives through pathological Markdown', daemon.running && !daemon.crashed(), daemon.log().slice(-1500));
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}
