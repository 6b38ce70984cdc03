import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {topKeyword, type KeywordSource} from '../../daemon/engine/storage/embedded/sqlite/keyword-top-k.js';
import {keywordTerms} from '../../daemon/engine/search/keyword-query.js';
import {Store} from '../../daemon/engine/storage/embedded/sqlite/store.js';
import {prepareDocument, toDocumentToWrite} from '../../daemon/engine/ingest/prepare-document.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';
import {seeded} from '../helpers/seeded.js';

const weights = [2, 1.5, 1] as const;

test('pruned top-k BM25 equals scoring every match, on real docs after deletions', t => {
	const store = Store.open(path.join(temporaryDirectory(), 'store.sqlite'));
	const ingest = (content: string, fileName: string, collection: string) => {
		const row = store.collection(collection) ?? store.ensureCollection(collection, chunkerVersion);
		store.writeDocuments(row, [toDocumentToWrite(prepareDocument(content, fileName), new Map())]);
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

	ingest(texts.slice(0, 20).join('\n\n'), 'other.md', 'other'); // other collections' rows count in BM25 too
	for (const file of files.filter((_, index) => index % 7 === 0)) {
		store.deleteDocument(store.collection('docs')!, file); // FTS5 keeps deleted rows in its N: the bounds must hold anyway
	}

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
		const real = store.keywordSource(collection.id, weights);
		const source: KeywordSource = {
			...real,
			best(match, limit) {
				exhaustive ||= !match.includes(' AND ');
				return real.best(match, limit);
			},
		};
		for (const limit of [10, 50]) {
			const expected = store.keywordMatches(collection.id, terms.map(term => `"${term}"`).join(' OR '), limit, weights);
			const actual = topKeyword(source, terms, limit);
			t.deepEqual(actual.map(hit => hit.score.toFixed(9)), expected.map(hit => hit.score.toFixed(9)), terms.join(' '));
			// Rows with equal scores may come in either order; every row with a score of its own must be the same.
			const scoreCounts = new Map<string, number>();
			for (const hit of expected) {
				scoreCounts.set(hit.score.toFixed(9), (scoreCounts.get(hit.score.toFixed(9)) ?? 0) + 1);
			}

			const unique = (hits: typeof expected) => hits.filter(hit => scoreCounts.get(hit.score.toFixed(9)) === 1).map(hit => hit.rowid);
			t.deepEqual(unique(actual), unique(expected));
			compared++;
		}

		pruned += exhaustive ? 0 : 1;
	}

	t.is(compared, 300);
	t.true(pruned > 50, `the pruned path answered ${pruned} of 150 queries`);
	store.close();
});
