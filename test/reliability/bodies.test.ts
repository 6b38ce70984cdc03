// The fast subset of the hostile import bodies (issue 25 items 1 and 6): every shape at 64 MB through the real
// daemon, each refused with a 4xx naming where, within the memory budget, nothing stored, the daemon answering.
import test from 'ava';
import {bodiesSection} from '../../bench/reliability/bodies-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('hostile import bodies are refused as they stream in, naming where, within the memory budget, storing nothing', async t => {
	const tally = new Tally();
	await bodiesSection(tally, {bytes: 64 * 1024 * 1024});
	t.is(tally.requests, 10);
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['I25-bodies', 'crash']);
});
