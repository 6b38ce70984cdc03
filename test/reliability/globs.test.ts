// The fast subset of issue 34's glob attacks (items 3, 9): globs that backtracked over names of 60 a's in get,
// search filters on both backends and a source's exclude; ignore files of 40,000 rules and at the limits.
import test from 'ava';
import {globsSection} from '../../bench/reliability/globs-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {mustBeZero, noFailures} from './findings.js';

test('backtracking globs and huge ignore files answer at once, on SQLite and PostgreSQL; /health carries on', async t => {
	const database = await testDatabase();
	t.teardown(database.stop);
	const tally = new Tally();
	await globsSection(tally, {names: 40, files: 30, databaseUrl: database.url});
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['I34-3', 'I34-9', 'crash']);
});
