// The fast subset's refresh-token reuse run (issue 25 item 7): each of the four ways of reusing a rotated refresh
// token once, and no token of those sign-ins works afterwards.
import test from 'ava';
import {refreshReuseSection} from '../../bench/reliability/refresh-reuse-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('a reused refresh token leaves no token of its sign-in alive [I25-refresh-reuse]', async t => {
	const tally = new Tally();
	await refreshReuseSection(tally, {clients: 4});
	mustBeZero(t, tally, ['serverErrors', 'crashes', 'unauthorised']);
	noFailures(t, tally, ['I25-refresh-reuse', 'crash', 'no-stack', 'error-shape']);
	t.regex(tally.notes.join('\n'), /4 refresh tokens reused.*left alive: 0/);
});
