// The fast subset's redirect and Host run (issue 25 item 7), whole: it is quick. No redirect URI with a fragment
// or userinfo is registered or redirected to; no malformed Host gets past the guard, with a key or without.
import test from 'ava';
import {redirectHostSection} from '../../bench/reliability/redirect-host-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('redirect URI and Host variants: none accepted [I25-redirect-host]', async t => {
	const tally = new Tally();
	await redirectHostSection(tally);
	mustBeZero(t, tally, ['serverErrors', 'crashes', 'unauthorised']);
	noFailures(t, tally, ['I25-redirect-host', 'crash', 'no-stack', 'error-shape']);
	t.regex(tally.notes.join('\n'), /accepted: 0 of \d+/);
});
