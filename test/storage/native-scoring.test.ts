// md_bm25 (sqlite/native/keyword-score.c): the build's library loads and scores; a missing or broken library is
// answered with why (the daemon logs it and ranks with FTS5's bm25()), never thrown.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import {keywordScoreLibrary, loadNativeScoring} from '../../daemon/engine/storage/embedded/sqlite/native-scoring.js';
import {temporaryDirectory} from '../helpers/paths.js';

test('the built md_bm25 loads and scores a row: idf · (k1 + 1) · f / (f + K), f weighted by column', t => {
	const db = new Database(':memory:');
	t.teardown(() => db.close());
	t.deepEqual(loadNativeScoring(db), {loaded: true});
	db.exec('CREATE VIRTUAL TABLE f USING fts5(title, body); INSERT INTO f (title, body) VALUES (\'vault\', \'the vault and the key\')');
	// "vault": once in the title (weight 2), once in the body (1): f = 3; K = 1.5, its weight v = 2: 2 · 3 / 4.5.
	const score = db.prepare('SELECT md_bm25(f, 1.5, 2, 1, 0, 2) FROM f WHERE f MATCH \'"vault"\'').pluck().get() as number;
	t.is(score, 2 * 3 / 4.5);
	t.throws(() => db.prepare('SELECT md_bm25(f, 1.5, 2) FROM f WHERE f MATCH \'"vault"\'').get(), {any: true, message: /takes K, a weight per column/});
	t.throws(() => db.prepare('SELECT md_bm25(f, 1.5, 2, 1, 5, 2) FROM f WHERE f MATCH \'"vault"\'').get(), {any: true, message: /no such phrase/});
});

test('a library not built or not loadable is answered with why, not thrown', t => {
	const db = new Database(':memory:');
	t.teardown(() => db.close());
	const missing = path.join(temporaryDirectory(), 'keyword-score.so');
	const absent = loadNativeScoring(db, missing);
	t.false(absent.loaded);
	t.regex(absent.loaded ? '' : absent.why, /was not built \(no C compiler/);
	writeFileSync(missing, 'not a shared library');
	const broken = loadNativeScoring(db, missing);
	t.false(broken.loaded);
	t.regex(broken.loaded ? '' : broken.why, /could not be loaded/);
	t.true(keywordScoreLibrary().endsWith(path.join('dist', 'native', `keyword-score.${process.platform === 'darwin' ? 'dylib' : 'so'}`)));
});
