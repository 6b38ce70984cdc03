// The fast subset's load run: 16 searches in flight while an ingestion, deletes and imports write the collection.
import test from 'ava';
import {loadSection} from '../../bench/reliability/load-section.js';
import {Tally} from '../../bench/reliability/tally.js';
import {mustBeZero, noFailures} from './findings.js';

test('searches under concurrent writes all answer, and never return a document deleted before they started', async t => {
	const tally = new Tally();
	await loadSection(tally, {seed: 16, searches: 300, searched: 20, ingested: 30});
	t.true((tally.latencies.values().next().value?.length ?? 0) >= 300);
	mustBeZero(t, tally, ['serverErrors', 'crashes']);
	noFailures(t, tally, ['general', 'crash', 'error-shape', 'no-stack']);
});
