// The fast subset of issue 34's front matter attacks (items 1, 2, 8) on both backends: deep nesting inline and
// in a folder, 68,322 keys, a cyclic alias and a value JSON cannot hold among 20 good files.
import test from 'ava';
import {frontMatterSection} from '../../bench/reliability/front-matter-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {testDatabase} from '../helpers/postgres/test-database.js';
import {mustBeZero, noFailures} from './findings.js';

test('hostile front matter fails its document alone, on SQLite and PostgreSQL; the daemon and /health carry on', async t => {
	const database = await testDatabase();
	t.teardown(database.stop);
	const tally = new Tally();
	await frontMatterSection(tally, {depth: 2000, keys: 68_322, good: 20, databaseUrl: database.url});
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['I34-1', 'I34-2', 'I34-8', 'crash']);
});
