// The fast subset of the symlink swaps (issue 25 item 2): 5 s of swaps between a regular file and a link to a
// file outside every root, against file_path ingests (REST and MCP), folder updates and a followed folder.
import test from 'ava';
import {swapsSection} from '../../bench/reliability/swaps-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('links swapped in while the daemon reads users\' files read nothing outside the allowed roots', async t => {
	const tally = new Tally();
	await swapsSection(tally, {ms: 5000});
	mustBeZero(t, tally, ['serverErrors', 'crashes', 'unauthorised']);
	noFailures(t, tally, ['I25-swaps', 'crash']);
});
