// The fast subset of the kill runs: SIGKILL at 3 random moments (directory ingestion, forced re-ingestion, import),
// then a restart and the checks: acknowledged documents whole, no half document, the index answering.
import test from 'ava';
import {killsSection} from '../../bench/reliability/kills-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('SIGKILL at random moments of writes loses no acknowledged document and leaves no half one', async t => {
	const tally = new Tally();
	await killsSection(tally, {seed: 16, kills: 3});
	t.is(tally.kills, 3);
	// Every lost or unexpected document by name: operation, document, what was acknowledged, what the daemon held.
	t.deepEqual(tally.notes.filter(note => / (LOST|UNEXPECTED) /.test(note)), []);
	mustBeZero(t, tally, ['crashes', 'lost', 'half']);
	noFailures(t, tally, ['crash', 'lost-ack', 'half-document', 'item-3']);
});
