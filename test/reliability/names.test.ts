// The fast subset of issue 34's names and CSV attacks (item 10).
import test from 'ava';
import {namesSection} from '../../bench/reliability/names-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('names with hidden characters are refused naming them, twins are one document, CSV cells are no formulas', async t => {
	const tally = new Tally();
	await namesSection(tally);
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['I34-10-names', 'I34-10-csv', 'crash']);
});
