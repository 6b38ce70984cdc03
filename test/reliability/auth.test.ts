// The fast subset's authentication runs: the whole matrix (routes and MCP tools x ways of presenting keys),
// DNS rebinding, and the rate limit against random keys.
import test from 'ava';
import {authSection} from '../../bench/reliability/auth-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {noFailures} from './findings.js';

const tally = new Tally();
test.before(async () => {
	await authSection(tally);
});

test('auth matrix: permitted requests answered, others 401/403, no disclosure', t => {
	noFailures(t, tally, ['auth', 'crash', 'no-stack', 'error-shape']);
});

test('a permission checked on the body\'s collection is not used on the query\'s [N-collection-confusion, new: daemon/http/authorize.ts]', t => {
	noFailures(t, tally, ['N-collection-confusion']);
});

test('DNS rebinding: a foreign Host or Origin is refused on every route [F-dns-rebinding]', t => {
	noFailures(t, tally, ['F-dns-rebinding']);
});

test('random keys do not each get a fresh rate-limit allowance [F-rate-limit-random-keys]', t => {
	noFailures(t, tally, ['F-rate-limit-random-keys']);
});
