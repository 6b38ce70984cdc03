// The fast subset of issue 34's chunking attack (item 10): six pathological documents at once, a section lookup
// in one, a document over the chunking budget.
import test from 'ava';
import {chunkingSection} from '../../bench/reliability/chunking-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('pathological Markdown is chunked off the daemon\'s thread, within a budget; /health carries on', async t => {
	const tally = new Tally();
	await chunkingSection(tally, {bytes: 64 * 1024});
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['I34-10-chunking', 'crash']);
});
