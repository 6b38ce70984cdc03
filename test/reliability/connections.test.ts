// The fast subset of issue 34 item 7: slow sockets, more than the daemon may open files, from as many loopback
// addresses; /health, a search and an ingest still answer, and the daemon's descriptors stay below its limit.
import test from 'ava';
import {connectionsSection} from '../../bench/reliability/connections-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {noFailures} from './findings.js';

test('slow sockets beyond the descriptor limit: the daemon keeps answering [I34-connections]', async t => {
	const tally = new Tally();
	await connectionsSection(tally, {sockets: 1024, maxOpenFiles: 512, seconds: 5});
	noFailures(t, tally, ['I34-connections']);
	t.regex(tally.notes.join('\n'), /closed by the daemon to make room/);
});
