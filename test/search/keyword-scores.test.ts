// Keyword scores that mean something (issue 28), through the real CLI and the daemon it starts, on both storage
// backends: on a small collection, where a term is in every chunk, BM25 with Lucene's idf still gives it weight.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli, type Cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {testDatabase, type TestDatabase} from '../helpers/postgres/test-database.js';

// "garden" is in every chunk: FTS5's idf was negative there, floored at 1e-6, and every score printed 0.0000.
const folder = path.join(temporaryDirectory('md-vector-small-'), 'notes');
mkdirSync(folder);
writeFileSync(path.join(folder, 'tomatoes.md'), '# Tomatoes\n\nThe garden tomatoes want sun all day.\n');
writeFileSync(path.join(folder, 'basil.md'), '# Basil\n\nBasil grows in the garden, garden soil and garden pots.\n');
writeFileSync(path.join(folder, 'shade.md'), '# Shade\n\nA shaded garden corner suits ferns and basil.\n');

let database: TestDatabase;
test.before(async () => {
	database = await testDatabase();
});
test.after.always(async () => {
	await database?.stop();
});

async function backend(t: {teardown: (fn: () => Promise<void>) => void}, databaseUrl?: string): Promise<Cli> {
	const md = cli();
	t.teardown(md.stop);
	if (databaseUrl) {
		await md.run(['config', 'set', 'database-url', databaseUrl]);
	}

	const ingested = await md.run(['ingest-dir', folder, '-C', 'small']);
	if (ingested.exitCode !== 0) {
		throw new Error(`ingest-dir exited ${ingested.exitCode}: ${String(ingested.stderr)}`);
	}

	return md;
}

type Hit = {source_file: string; score: number};

test.serial('keyword scores on a small collection are positive and tell chunks apart, the same on SQLite and PostgreSQL', async t => {
	const rankings: Hit[][] = [];
	for (const databaseUrl of [undefined, database.url]) {
		const md = await backend(t, databaseUrl);
		const found = await md.json(['search', 'garden', '-C', 'small', '--mode', 'keyword']);
		const hits = found.results as Hit[];
		t.is(hits.length, 3, databaseUrl ? 'postgres' : 'sqlite');
		t.true(hits.every(hit => hit.score > 0.01), `every score counts: ${hits.map(hit => hit.score).join(', ')}`);
		t.is(hits[0]!.source_file, 'basil.md', 'three times "garden" ranks first');
		t.true(hits[0]!.score > hits[1]!.score, 'more occurrences, a higher score');
		const plain = String((await md.run(['search', 'garden', '-C', 'small', '--mode', 'keyword'])).stdout);
		t.notRegex(plain, /0\.0{4}/, 'no score prints as zero');
		rankings.push(hits);
	}

	const [sqlite, postgres] = rankings;
	t.deepEqual(postgres!.map(hit => [hit.source_file, hit.score.toFixed(6)]), sqlite!.map(hit => [hit.source_file, hit.score.toFixed(6)]));
});
