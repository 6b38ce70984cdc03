// `serve` on a taken port and `serve` killed: findings fixed in the HTTP layer (main), guarded here.
import test from 'ava';
import {portTaken, serveKilled} from '../../bench/reliability/process-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {noFailures} from './findings.js';

test('serve on a taken port exits with a clear message and leaves nothing running [F-port-taken]', async t => {
	const tally = new Tally();
	await portTaken(tally);
	noFailures(t, tally, ['F-port-taken']);
});

test('serve killed with SIGKILL takes its daemon along [F-serve-killed]', async t => {
	const tally = new Tally();
	await serveKilled(tally);
	noFailures(t, tally, ['F-serve-killed']);
});
