// The fast subset's streams run (issue 25 item 5): streams from several clients capped (429 with Retry-After),
// then held open with the limits raised; one watcher per source, and everything given back on close. Timing and
// memory budgets are the full run's figures (npm run reliability), not checked here.
import path from 'node:path';
import test from 'ava';
import {sharedData} from '../../bench/reliability/daemon-process.js';
import {streamsSection} from '../../bench/reliability/streams-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('streams capped per client and in all, one watcher per source, released on close [I25-streams]', async t => {
	const tally = new Tally();
	await streamsSection(tally, {attempts: 120, open: 40, healthSamples: 5, files: 60, jobFolder: path.join(sharedData, 'kubernetes-keps')});
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['I25-streams', 'crash']);
	t.regex(tally.notes.join('\n'), /streams \(default limits\): 120 asked for .* opened 64 .* refused with 429: 56/);
});
