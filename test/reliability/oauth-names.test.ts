// The fast subset's OAuth names run (issue 25 item 4): clients registered under names matching the capability
// files' globs get only what the owner ticked; a capability naming oauth:<client id> exactly still grants more.
import test from 'ava';
import {oauthNamesSection} from '../../bench/reliability/oauth-names-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('a chosen name grants no right beyond the consent [I25-oauth-names]', async t => {
	const tally = new Tally();
	await oauthNamesSection(tally, {names: 8});
	mustBeZero(t, tally, ['serverErrors', 'crashes', 'unauthorised']);
	noFailures(t, tally, ['I25-oauth-names', 'crash', 'no-stack', 'error-shape']);
	t.regex(tally.notes.join('\n'), /8 OAuth clients registered with chosen names.*rights gained: 0/);
});
