// The fast subset of issue 34 items 5 and 6: registrations from many loopback addresses spend one budget, a
// bloated one is refused, and the OAuth state stays small.
import test from 'ava';
import {registrationsSection} from '../../bench/reliability/registrations-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {noFailures} from './findings.js';

test('registrations from many loopback addresses: 20 taken, the rest 429 [I34-registrations]', async t => {
	const tally = new Tally();
	await registrationsSection(tally, {registrations: 40});
	noFailures(t, tally, ['I34-registrations']);
	t.regex(tally.notes.join('\n'), /"201":20,"429":20/);
});
