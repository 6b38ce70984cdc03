// The fast subset of `npm run reliability`'s fuzzing: 300 seeded requests over every endpoint, MCP and the raw
// protocol, 30 messages through `md-vector mcp`, and the early-413 probes, against the real daemon.
import test from 'ava';
import {fuzzSection} from '../../bench/reliability/fuzz-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

const tally = new Tally();
test.before(async () => {
	await fuzzSection(tally, {seed: 16, requests: 300, stdio: 30});
});

test('fuzzing: no crash, every answer has the error body and no stack trace; items 2 and 9 hold', t => {
	t.true(tally.requests >= 330);
	noFailures(t, tally, ['crash', 'general', 'no-stack', 'error-shape', 'no-5xx', 'item-2', 'item-9']);
	t.is(tally.crashes, 0);
});

// Findings fixed in the HTTP layer (main), guarded here.
test('fuzzing: malformed percent-encoding is 400/404, never 500 [F-percent-encoding]', t => {
	noFailures(t, tally, ['F-percent-encoding']);
	mustBeZero(t, tally, ['serverErrors']);
});

test('fuzzing: parser errors (bad request lines, huge headers) carry the error body [F-parser-error-bodies]', t => {
	noFailures(t, tally, ['F-parser-error-bodies']);
});

test('a body declared too large is refused with 413 before it is sent [F-early-413]', t => {
	noFailures(t, tally, ['F-early-413']);
});
