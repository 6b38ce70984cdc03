// The fast subset of issue 34 item 4: a followed folder replaced by a link to outside the allowed roots, and an
// imported source path created later as such a link, updated by the key holder and the owner's own commands,
// followed by the watch setting, caught up by a watch stream and at a start: nothing outside is read.
import test from 'ava';
import {followedSection} from '../../bench/reliability/followed-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('a followed folder that becomes a link to outside the allowed roots is not read, and its sync says why', async t => {
	const tally = new Tally();
	await followedSection(tally, {rounds: 1});
	mustBeZero(t, tally, ['serverErrors', 'crashes', 'unauthorised']);
	noFailures(t, tally, ['I34-4-followed', 'crash']);
});
