// The fast subset's full-disk and read-only runs (issue 16, item 3). They mount a tmpfs and run a daemon as
// another user: root only (as CI runs); elsewhere they are skipped and say so.
import test from 'ava';
import {diskFullSection} from '../../bench/reliability/disk-section.js';
import {readOnlySection} from '../../bench/reliability/read-only-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

const asRoot = process.getuid?.() === 0 ? test : test.skip;

asRoot('a full disk: the job fails cleanly, 507 not 500, /health degraded then ok again, no abort, nothing lost', async t => {
	const tally = new Tally();
	await diskFullSection(tally, {size: '64m', headroomBytes: 3 * 1024 * 1024});
	t.deepEqual(tally.notes, [], 'the run was not skipped');
	mustBeZero(t, tally, ['serverErrors', 'crashes', 'lost', 'half']);
	noFailures(t, tally, ['item-3', 'crash', 'lost-ack', 'half-document', 'general', 'error-shape', 'no-stack']);
});

asRoot('a data folder that becomes read-only: /health degraded with the reason, no abort, nothing lost; a read-only mount at start is refused clearly', async t => {
	const tally = new Tally();
	await readOnlySection(tally);
	t.deepEqual(tally.notes, [], 'the run was not skipped');
	mustBeZero(t, tally, ['crashes', 'lost', 'half']);
	noFailures(t, tally, ['item-3', 'crash', 'lost-ack', 'half-document']);
});
