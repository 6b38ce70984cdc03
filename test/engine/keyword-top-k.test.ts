import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test, {type ExecutionContext} from 'ava';
import {topKeyword, weighted, type KeywordSource} from '../../daemon/engine/storage/embedded/sqlite/keyword-top-k.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {Store} from '../../daemon/engine/storage/embedded/sqlite/store.js';
import {toDocumentToWrite} from '../../daemon/engine/ingest/prepare-document.js';
import {chunkMarkdown, chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import type {DocumentToWrite} from '../../daemon/engine/storage/types.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';
import {seeded} from '../helpers/seeded.js';
import {referenceRanking} from '../storage/reference-bm25.js';

const weights = [2, 1.5, 1] as const;

/**
 * Every 20th powershell-docs page in `docs`, 20 of them again as one page in `other`, then every 7th deleted.
 * `nativeScoring`: scored with md_bm25 (built with the daemon: it must load), or with FTS5's bm25() (a build without
 * a C compiler).
 */
function storeAfterDeletions(t: ExecutionContext, nativeScoring: boolean) {
	const store = Store.open(path.join(temporaryDirectory(), 'store.sqlite'), {nativeScoring});
	t.is(store.nativeScoring.loaded, nativeScoring, JSON.stringify(store.nativeScoring));
	const written: DocumentToWrite[] = [];
	const ingest = (content: string, fileName: string, collection: string) => {
		const row = store.collection(collection) ?? store.ensureCollection(collection, chunkerVersion);
		const document = toDocumentToWrite({fileName, byteSize: Buffer.byteLength(content), text: content, chunked: chunkMarkdown(content, fileName)}, new Map());
		written.push(document);
		store.writeDocuments(row, [document]);
	};

	const root = path.join(sharedData, 'powershell-docs');
	const files = readdirSync(root, {recursive: true, withFileTypes: true})
		.filter(entry => entry.isFile() && entry.name.endsWith('.md'))
		.map(entry => path.relative(root, path.join(entry.parentPath, entry.name)))
		.sort()
		.filter((_, index) => index % 20 === 0);
	const texts: string[] = [];
	for (const file of files) {
		const content = readFileSync(path.join(root, file), 'utf8');
		texts.push(content);
		ingest(content, file, 'docs');
	}

	ingest(texts.slice(0, 20).join('\n\n'), 'other.md', 'other'); // another collection's rows, in the same FTS5 table
	const deleted = new Set(files.filter((_, index) => index % 7 === 0));
	for (const file of deleted) {
		store.deleteDocument(store.collection('docs')!, file);
	}

	return {store, texts, written, live: written.filter(document => !deleted.has(document.fileName) || document.fileName === 'other.md')};
}

const scorings = [[true, 'md_bm25'], [false, 'FTS5\'s bm25()']] as const;

for (const [nativeScoring, scoring] of scorings) {
	test(`pruned top-k BM25 equals scoring every match, on real docs after deletions (${scoring})`, t => {
		const {store, texts} = storeAfterDeletions(t, nativeScoring);
		t.teardown(() => {
			store.close();
		});
		const collection = store.collection('docs')!;
		const next = seeded(11);
		const common = ['parameter', 'example', 'PowerShell', 'cmdlet', 'value', 'the object', 'type'];
		let pruned = 0;
		let compared = 0;
		for (let query = 0; query < 150; query++) {
			const words = texts[Math.floor(next() * texts.length)]!.split(/\s+/).filter(word => /^[\p{L}-]{3,}$/u.test(word));
			const start = Math.floor(next() * Math.max(1, words.length - 6));
			const terms = keywordTerms([...words.slice(start, start + 1 + Math.floor(next() * 5)), common[query % common.length]].join(' '));
			let exhaustive = false;
			const real = store.keywords.source([collection.id], weights);
			const source: KeywordSource = {
				...real,
				best(essential, rest, limit) {
					exhaustive ||= rest.length === 0;
					return real.best(essential, rest, limit);
				},
			};
			for (const limit of [10, 50]) {
				const expected = real.best(weighted(real.statistics(), terms), [], limit);
				const actual = topKeyword(source, terms, limit)!;
				t.deepEqual(actual.map(hit => hit.score.toFixed(9)), expected.map(hit => hit.score.toFixed(9)), terms.join(' '));
				t.deepEqual(actual.map(hit => hit.rowid), expected.map(hit => hit.rowid), terms.join(' '));
				compared++;
			}

			pruned += exhaustive ? 0 : 1;
			// A search to be split (daemon/engine/storage/keyword-split.ts) stops before a step that would score that many rows: any step scores one.
			t.is(topKeyword(real, terms, 10, 1), undefined);
		}

		t.is(compared, 300);
		t.true(pruned > 50, `the pruned path answered ${pruned} of 150 queries`);
	});

	test(`keyword scores are BM25 with Lucene's idf over the collection's live chunks, after deletions too (${scoring})`, t => {
		const {store, live} = storeAfterDeletions(t, nativeScoring);
		t.teardown(() => {
			store.close();
		});
		const docs = store.collection('docs')!;
		let compared = 0;
		for (const query of ['parameter', 'Get-ChildItem example', 'the object type pipeline', 'remote session credential', 'syntax']) {
			const terms = keywordTerms(query);
			// FTS5 keeps deleted rows (and other collections' rows) in its statistics: the store's scores are of the live docs alone.
			const expected = referenceRanking(live.filter(document => document.fileName !== 'other.md'), terms, weights).slice(0, 20);
			const actual = store.keywords.top([docs.id], terms, 20, weights);
			t.deepEqual(actual.map(hit => hit.score.toFixed(6)), expected.map(hit => hit.score.toFixed(6)), query);
			t.true(actual.every(hit => hit.score > 0), query);
			compared += actual.length;
		}

		t.true(compared > 60, `${compared} ranked rows compared`);
	});
}
