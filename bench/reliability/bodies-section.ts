import {rmSync} from 'node:fs';
import {DaemonProcess, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {hostileBodies} from './bodies/hostile-bodies.js';
import {PeakMemory} from './bodies/peak-memory.js';
import {streamBody} from './bodies/stream-body.js';

/** What an import may add to the daemon's resident memory, whatever its body (docs/security.md). */
export const importMemoryBudget = 256 * 1024 * 1024;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/**
 * Issue 25 items 1 and 6: import bodies of every hostile shape (a huge array of tiny elements, a giant line,
 * deep nesting, a structure that is not a document list, NDJSON lines without a newline, valid documents with a
 * broken last one), each about `bytes` long, streamed to one daemon. Each must be refused with a 4xx naming
 * where, the daemon's peak memory within the budget, nothing stored, and the daemon answering after.
 */
export async function bodiesSection(tally: Tally, options: {bytes: number}): Promise<void> {
	const home = temporaryHome('md-vector-bodies-');
	const daemon = await DaemonProcess.start({home});
	try {
		await daemon.untilModel();
		const health = (await daemon.api('GET', '/health')).body;
		const context = {modelId: health.checks.embedder.model as string, dims: health.checks.embedder.dimension as number, chunkerVersion: await daemon.chunkerVersion()};
		const stored = JSON.stringify((await daemon.api('GET', '/collections')).body);
		for (const body of hostileBodies(context, options.bytes)) {
			const memory = new PeakMemory(daemon.pid);
			const before = memory.now();
			const answer = await streamBody(daemon.url, '/api/v1/import', body.contentType, body.pieces(), 600_000);
			const peak = daemon.running ? memory.peak() - before : Number.POSITIVE_INFINITY;
			tally.answered(answer.status);
			const message = (JSON.parse(answer.status === 0 ? '{}' : answer.text) as {error?: {message?: string}}).error?.message ?? answer.text;
			const label = `${body.name} (${mb(answer.sentBytes)} MB sent)`;
			tally.note(`bodies: ${label}: ${answer.status} in ${(answer.ms / 1000).toFixed(2)} s, peak RSS +${mb(peak)} MB`);
			tally.check('I25-bodies', 'a hostile import is refused with its 4xx', answer.status === body.status, `${label}: ${answer.status} ${message.slice(0, 300)}`);
			tally.check('I25-bodies', 'the refusal names where (line, document)', body.where.test(message), `${label}: ${message.slice(0, 300)}`);
			tally.check('I25-bodies', `the daemon's memory grows by at most ${mb(importMemoryBudget)} MB`, peak <= importMemoryBudget, `${label}: +${mb(peak)} MB`);
			tally.check('crash', 'the daemon lives through a hostile import', daemon.running && !daemon.crashed(), `${label}: ${daemon.log().slice(-1500)}`);
			if (!daemon.running) {
				tally.crashes++;
				return;
			}

			const now = await daemon.api('GET', '/collections');
			tally.check('I25-bodies', 'nothing of a refused import is stored', JSON.stringify(now.body) === stored, `${label}: ${JSON.stringify(now.body).slice(0, 300)}`);
			const after = await daemon.api('GET', '/health');
			tally.check('I25-bodies', 'the daemon answers after a hostile import', after.status === 200 && after.body.status === 'ok', `${label}: ${after.status}`);
		}
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}
