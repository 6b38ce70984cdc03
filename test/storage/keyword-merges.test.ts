// The embedded store's FTS5 index merged into one segment once writes settle (issue 37): an ingestion leaves it in
// many (each write flushes one), and BM25 looks every term up in each. The merge must change no ranking, stop for a
// write, and be skipped where it is not worth rewriting the index.
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import {Store} from '../../daemon/engine/storage/embedded/sqlite/store.js';
import {EmbeddedStorage} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {KeywordMerges} from '../../daemon/engine/storage/embedded/keyword-merges.js';
import {keywordSegments, mergeDue, parseStructure, type KeywordSegment} from '../../daemon/engine/storage/embedded/sqlite/keyword-segments.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import type {FieldWeights} from '../../daemon/engine/storage/types.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {documentOf, fingerprint, randomCorpus} from './fixtures.js';

const weights: FieldWeights = [2, 1.5, 1];
const queries = ['compost', 'tomato basil', 'garden water sun', 'frost shade spring autumn', 'worm mulch onion'];

/** A store whose corpus was written a few documents per transaction, as an ingestion writes: many segments. */
function writtenInPieces(): {store: Store; file: string; collection: number} {
	const file = path.join(temporaryDirectory(), 'md-vector.sqlite');
	const store = Store.open(file);
	const row = store.ensureCollection('c', chunkerVersion);
	const corpus = randomCorpus(120, 11);
	for (let at = 0; at < corpus.length; at += 4) {
		store.writeDocuments(store.collection('c')!, corpus.slice(at, at + 4), fingerprint);
	}

	return {store, file, collection: row.id};
}

/** The index's segments, read on a connection of the test's own. */
function segmentsOf(file: string): KeywordSegment[] {
	const db = new Database(file, {readonly: true});
	try {
		return keywordSegments(db)!;
	} finally {
		db.close();
	}
}

const rankings = (store: Store, collection: number) => queries.flatMap(query => [10, 50].map(limit => store.keywords.top([collection], keywordTerms(query), limit, weights)));

test('a store written in pieces is merged into one segment, and every ranking stays the same to the last bit', async t => {
	const {store, file, collection} = writtenInPieces();
	t.teardown(() => {
		store.close();
	});
	const before = segmentsOf(file);
	t.true(before.length > 4, `segments: ${before.length}`);
	t.true(mergeDue(before));
	const ranked = rankings(store, collection);
	const lines: string[] = [];
	const merges = new KeywordMerges(file, {segments: () => store.keywordSegments(), log: line => lines.push(line), settleDelayMs: 60_000});
	await merges.settle();
	await merges.close();
	const after = segmentsOf(file);
	t.is(after.length, 1, lines.join('\n'));
	t.is(after[0]!.entries, before.reduce((sum, segment) => sum + segment.entries, 0), 'every row is in the merged segment');
	t.false(mergeDue(after));
	t.deepEqual(rankings(store, collection), ranked);
	t.regex(lines.join('\n'), new RegExp(`keyword index merged from ${before.length} segments`));
});

test('a write stops a merge after its step; the merge goes on once writes settle again', async t => {
	const {store, file} = writtenInPieces();
	t.teardown(() => {
		store.close();
	});
	const lines: string[] = [];
	let interrupted = false;
	// The merge's steps take their turn with the store's writes: the first turn finds a write came meanwhile.
	const merges: KeywordMerges = new KeywordMerges(file, {
		segments: () => store.keywordSegments(), log: line => lines.push(line), settleDelayMs: 60_000, async turn(work) {
			if (!interrupted) {
				interrupted = true;
				merges.wrote();
			}

			return work();
		},
	});
	await merges.settle();
	t.true(segmentsOf(file).length > 1, 'nothing merged yet');
	t.is(lines.length, 0, 'a pause is not news');
	await merges.settle();
	await merges.close();
	t.is(segmentsOf(file).length, 1, lines.join('\n'));
});

test('a small write after a merge is left to FTS5; many deleted rows make a merge due again', t => {
	const merged: KeywordSegment = {pages: 800, entries: 10_000, deleted: 0};
	t.false(mergeDue([merged]));
	t.false(mergeDue([merged, {pages: 20, entries: 200, deleted: 0}]), 'an edit: the whole index is not rewritten for it');
	t.true(mergeDue([merged, {pages: 60, entries: 700, deleted: 0}, {pages: 60, entries: 700, deleted: 0}]), 'an eighth of the pages outside the largest');
	t.true(mergeDue([{...merged, deleted: 1300}]), 'an eighth of its entries deleted');
	t.false(mergeDue([]));
});

test('a structure record not in the format read here is refused, and nothing is merged', async t => {
	const {store, file} = writtenInPieces();
	const before = segmentsOf(file).length;
	const merges = new KeywordMerges(file, {segments: () => undefined, settleDelayMs: 60_000}); // as keywordSegments answers for such a record
	await merges.settle();
	await merges.close();
	store.close();
	t.is(segmentsOf(file).length, before);
	const db = new Database(file, {readonly: true});
	t.teardown(() => {
		db.close();
	});
	const record = (db.prepare('SELECT block FROM chunks_fts_data WHERE id = 10').get() as {block: Uint8Array}).block;
	t.is(parseStructure(record).length, keywordSegments(db)!.length);
	t.throws(() => parseStructure(record.subarray(0, -1)));
	t.throws(() => parseStructure(Uint8Array.from([...record, 0])));
});

test('the embedded storage merges once its writes settle, and its settle() merges at once', async t => {
	const dataDir = temporaryDirectory();
	const lines: string[] = [];
	const storage = EmbeddedStorage.open({dataDir, log: line => lines.push(line), settleDelayMs: 60_000});
	const collection = await storage.ensureCollection('c', chunkerVersion);
	const corpus = randomCorpus(60, 5);
	for (let at = 0; at < corpus.length; at += 3) {
		await storage.writeDocuments(collection, corpus.slice(at, at + 3), fingerprint);
	}

	await storage.writeDocuments(collection, [documentOf('last.md', [{content: 'compost tomato'}])], fingerprint);
	await storage.settle();
	await storage.close();
	t.is(segmentsOf(path.join(dataDir, 'md-vector.sqlite')).length, 1, lines.join('\n'));
});
