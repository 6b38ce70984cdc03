// The storage contract, continued: BM25's statistics are those of the collections searched (issue 38: a collection
// ranks the same whatever else is stored), phrases and exclusions answered inside both top-k calls exactly as the
// text reads, and each hit marked boilerplate or not.
import type {TestFn} from 'ava';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, DocumentToWrite, FieldWeights, Candidate} from '../../daemon/engine/storage/types.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {phraseWords} from '../../common/text/keyword-tokens.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {textHolds, type TextScope} from '../../daemon/engine/storage/document-filter.js';
import {documentOf, fingerprint, randomCorpus, vectorOf} from './fixtures.js';
import {referenceRanking} from './reference-bm25.js';

const weights: FieldWeights = [2, 1.5, 1];
type Open = (t: {teardown: (fn: () => Promise<void>) => void}) => Promise<{storage: Storage; collection: Collection}>;

/** Each ranked row as `file#ordinal` with its score to 6 decimals. */
async function named(storage: Storage, collections: readonly Collection[], hits: readonly Candidate[]): Promise<string[]> {
	const keys = new Map<number, string>();
	for (const collection of collections) {
		for (const document of await storage.documents(collection)) {
			for (const chunk of await storage.chunksOfDocument(collection, document.fileName)) {
				keys.set(chunk.rowid, `${collection.name}/${document.fileName}#${chunk.ordinal}`);
			}
		}
	}

	return hits.map(hit => `${keys.get(hit.rowid)!} ${hit.score.toFixed(6)}`);
}

const queries = ['compost', 'frost autumn', 'tomato basil garden', 'mulch shade spring seed', 'notes water'];

export function statisticsContract(test: TestFn, name: string, open: Open): void {
	test(`${name}: a collection ranks the same whatever else is stored; several rank as their union`, async t => {
		const {storage, collection} = await open(t);
		const own = randomCorpus(30, 5);
		await storage.writeDocuments(collection, own, fingerprint);
		const alone = new Map<string, string[]>();
		for (const query of queries) {
			const hits = await storage.keywordTopK([collection], keywordTerms(query), 15, weights);
			alone.set(query, await named(storage, [collection], hits));
			t.deepEqual(hits.map(hit => hit.score.toFixed(6)), referenceRanking(own, keywordTerms(query), weights).slice(0, 15).map(hit => hit.score.toFixed(6)), `${query}: BM25 over the collection's own rows`);
		}

		// Another collection: other lengths (long chunks), other frequencies (compost everywhere), some documents deleted.
		const other = await storage.ensureCollection('other', chunkerVersion);
		const theirs: DocumentToWrite[] = Array.from({length: 25}, (_, index) => documentOf(`o${index}.md`, [{content: `compost ${'garden water '.repeat(20 + index)}frost`}], 'Other notes'));
		await storage.writeDocuments(other, theirs, fingerprint);
		await storage.deleteDocument(other, 'o3.md');
		for (const query of queries) {
			t.deepEqual(await named(storage, [collection], await storage.keywordTopK([collection], keywordTerms(query), 15, weights)), alone.get(query), `${query}: the same hits and scores beside another collection`);
		}

		// Both at once: one ranking with the statistics of the two together.
		const both = [...own, ...theirs.filter(document => document.fileName !== 'o3.md')];
		for (const query of queries) {
			const expected = referenceRanking(both, keywordTerms(query), weights).slice(0, 20).map(hit => hit.score.toFixed(6));
			t.deepEqual((await storage.keywordTopK([collection, other], keywordTerms(query), 20, weights)).map(hit => hit.score.toFixed(6)), expected, `${query}: both collections as one`);
		}
	});

	test(`${name}: phrases and exclusions in both top-k calls keep exactly the chunks whose text holds them`, async t => {
		const {storage, collection} = await open(t);
		const texts = [
			'Rotate the API key every month.', 'the api-key and API_KEY', 'getApiKey() returns it', 'the key api', 'the api, then a key',
			'the api key on staging', 'the api key on prestaging servers', 'the apis keys', 'Der Schlüssel: API Key für Über-Größe', '私は東京都に住む', '東京の都',
			...Array.from({length: 20}, (_, index) => `filler ${index} api ${index % 3 === 0 ? 'key' : 'door'} text`),
		];
		const documents = texts.map((content, index) => documentOf(`t${String(index).padStart(2, '0')}.md`, [{content}]));
		await storage.writeDocuments(collection, documents, fingerprint);
		const scopes: Array<[string, TextScope]> = [
			['"api key"', {phrases: [phraseWords('api key')], exclusions: []}],
			['"api key" -staging', {phrases: [phraseWords('api key')], exclusions: [phraseWords('staging')]}],
			['-"key api"', {phrases: [], exclusions: [phraseWords('key api')]}],
			['"child item"-like words', {phrases: [phraseWords('get api')], exclusions: []}],
			['"größe"', {phrases: [phraseWords('Über-Größe')], exclusions: []}],
			['"東京都"', {phrases: [phraseWords('東京都')], exclusions: []}],
			['two phrases, one exclusion', {phrases: [phraseWords('api key'), phraseWords('the')], exclusions: [phraseWords('month')]}],
		];
		const rowids = new Map<number, string>();
		for (const document of documents) {
			rowids.set((await storage.chunksOfDocument(collection, document.fileName))[0]!.rowid, document.chunks[0]!.content);
		}

		for (const [label, text] of scopes) {
			const expected = texts.filter(content => textHolds(text, content)).sort();
			const terms = keywordTerms('api key tokyo schlüssel 東京都 filler text');
			const keyword = await storage.keywordTopK([collection], terms, 50, weights, {text});
			const reference = referenceRanking(documents, terms, weights).filter(hit => textHolds(text, texts[Number(hit.key.slice(1, 3))]!));
			t.deepEqual(keyword.map(hit => hit.score.toFixed(6)), reference.map(hit => hit.score.toFixed(6)), `${label}: keyword scores as without the scope`);
			t.deepEqual(keyword.map(hit => rowids.get(hit.rowid)!).sort(), reference.map(hit => texts[Number(hit.key.slice(1, 3))]!).sort(), `${label}: keyword rows`);
			const vector = await storage.vectorTopK(collection, vectorOf('api key'), 50, {text});
			t.deepEqual(vector.map(hit => rowids.get(hit.rowid)!).sort(), expected, `${label}: vector rows`);
			const first = await storage.vectorTopK(collection, vectorOf('api key'), 2, {text});
			t.deepEqual(first.map(hit => hit.rowid), vector.slice(0, 2).map(hit => hit.rowid), `${label}: the best 2 of them, however the others rank`);
		}
	});

	test(`${name}: hits say whether their chunk is boilerplate`, async t => {
		const {storage, collection} = await open(t);
		await storage.writeDocuments(collection, [
			documentOf('toc.md', [{content: '- [Install](#install)\n- [Use](#use)\n- [Tomato](#tomato)'}]),
			documentOf('na.md', [{content: 'N/A'}], 'Tomato questions'),
			documentOf('real.md', [{content: 'The tomato needs sun and water.'}]),
		], fingerprint);
		const flags = async (hits: readonly Candidate[]) => Object.fromEntries(await Promise.all(hits.map(async hit => [(await named(storage, [collection], [hit]))[0]!.split('#')[0], hit.boilerplate])));
		const expected = {'c/toc.md': true, 'c/na.md': true, 'c/real.md': false};
		t.deepEqual(await flags(await storage.keywordTopK([collection], keywordTerms('tomato'), 10, weights)), expected);
		t.deepEqual(await flags(await storage.vectorTopK(collection, vectorOf('tomato'), 10)), expected);
	});
}

