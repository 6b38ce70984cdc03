// The fast subset of the non-regular files (issue 25 item 3): FIFOs as ignore files, as a document's file and
// swapped in under a followed folder for 4 s; other collections, /health and the FIFOs' own reads never hang.
import test from 'ava';
import {fifosSection} from '../../bench/reliability/fifos-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('FIFOs where the daemon reads users\' files block nothing: other collections and /health answer in time', async t => {
	const tally = new Tally();
	await fifosSection(tally, {ms: 4000});
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['I25-fifos', 'crash']);
});
