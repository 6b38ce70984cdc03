// The storage contract, part three: search filters (issue 28). Paths (globs over the stored name, any may
// match) and front matter (all fields must hold, a list holds when any element does) run inside keyword and
// vector top-k: k hits of kept documents come back even when other documents rank above every one of them.
import type {TestFn} from 'ava';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, FieldWeights, Candidate} from '../../daemon/engine/storage/types.js';
import type {ChunkFilter, SearchFilter} from '../../daemon/engine/storage/document-filter.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {phraseWords} from '../../common/text/keyword-tokens.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {documentOf, fingerprint, vectorOf} from './fixtures.js';

const weights: FieldWeights = [2, 1.5, 1];

type Open = (t: {teardown: (fn: () => Promise<void>) => void}) => Promise<{storage: Storage; collection: Collection}>;

/** Twelve strong matches outside the filters, then the few documents the filters are about. */
async function fill(storage: Storage, collection: Collection): Promise<void> {
	const loud = Array.from({length: 12}, (_, index) => ({...documentOf(`loud/l${index}.md`, [{content: 'kiwi kiwi kiwi kiwi'}]), meta: {status: 'draft'}}));
	await storage.writeDocuments(collection, [
		...loud,
		{...documentOf('api/auth.md', [{content: 'kiwi and tokens'}]), meta: {status: 'published', tags: ['security', 'api'], version: 2, public: true}},
		{...documentOf('api/v1/users.md', [{content: 'kiwi and users'}]), meta: {status: 'draft', tags: ['api']}},
		{...documentOf('guide/faq.md', [{content: 'kiwi questions'}]), meta: {status: 'published', tags: 'security', owner: {name: 'ann'}}},
		documentOf('readme.md', [{content: 'kiwi readme'}]),
	], fingerprint);
}

async function names(storage: Storage, collection: Collection, hits: readonly Candidate[]): Promise<string[]> {
	const chunks = await storage.chunks(collection, hits.map(hit => hit.rowid));
	return hits.map(hit => chunks.get(hit.rowid)?.fileName ?? 'gone').sort();
}

export function filtersContract(test: TestFn, name: string, open: Open): void {
	const keyword = async (storage: Storage, collection: Collection, filter: SearchFilter, k = 3) => names(storage, collection, await storage.keywordTopK([collection], keywordTerms('kiwi'), k, weights, filter));
	const vector = async (storage: Storage, collection: Collection, filter: SearchFilter, k = 3) => names(storage, collection, await storage.vectorTopK(collection, vectorOf('kiwi kiwi kiwi kiwi'), k, filter));

	test(`${name}: path filters keep the documents whose stored name a glob matches, inside top-k`, async t => {
		const {storage, collection} = await open(t);
		await fill(storage, collection);
		t.true((await names(storage, collection, await storage.keywordTopK([collection], keywordTerms('kiwi'), 3, weights))).every(file => file.startsWith('loud/')), 'unfiltered, the loud documents fill the keyword top 3');
		t.true((await names(storage, collection, await storage.vectorTopK(collection, vectorOf('kiwi kiwi kiwi kiwi'), 3))).every(file => file.startsWith('loud/')), 'and the vector top 3');
		for (const search of [keyword, vector]) {
			t.deepEqual(await search(storage, collection, {paths: ['api/**']}), ['api/auth.md', 'api/v1/users.md'], '** crosses folders');
			t.deepEqual(await search(storage, collection, {paths: ['api/*']}), ['api/auth.md'], '* stays in its folder');
			t.deepEqual(await search(storage, collection, {paths: ['**/faq.md', 'readme.md']}), ['guide/faq.md', 'readme.md'], 'any glob may match; **/ matches no folder too');
			t.deepEqual(await search(storage, collection, {paths: ['{api,guide}/*.md']}), ['api/auth.md', 'guide/faq.md'], 'braces');
			t.deepEqual(await search(storage, collection, {paths: ['api/a?th.md']}), ['api/auth.md'], '? is one character');
			t.deepEqual(await search(storage, collection, {paths: ['api.*', '(api)/**', 'API/**']}), [], 'regular expression characters are literal; names are case-sensitive');
		}
	});

	test(`${name}: front matter filters hold on scalars and on any element of a list, all of them, and with paths`, async t => {
		const {storage, collection} = await open(t);
		await fill(storage, collection);
		t.like(await storage.document(collection, 'api/auth.md'), {meta: {status: 'published', tags: ['security', 'api'], version: 2, public: true}});
		t.deepEqual((await storage.document(collection, 'readme.md'))?.meta, {}, 'no front matter: {}');
		for (const search of [keyword, vector]) {
			t.deepEqual(await search(storage, collection, {meta: {tags: 'security'}}), ['api/auth.md', 'guide/faq.md'], 'a list or a scalar');
			t.deepEqual(await search(storage, collection, {meta: {tags: 'api', status: 'draft'}}), ['api/v1/users.md'], 'all fields must hold');
			t.deepEqual(await search(storage, collection, {meta: {version: '2', public: 'true'}}), ['api/auth.md'], 'numbers and booleans as written');
			t.deepEqual(await search(storage, collection, {meta: {status: 'draft'}, paths: ['api/**']}), ['api/v1/users.md'], 'paths AND meta');
			t.deepEqual(await search(storage, collection, {meta: {owner: '[object Object]'}}), [], 'nested objects match nothing');
			t.deepEqual(await search(storage, collection, {meta: {Status: 'draft'}}), [], 'fields are case-sensitive');
			t.is((await search(storage, collection, {meta: {status: 'draft'}}, 20)).length, 13, 'k larger than the kept set: every kept one');
		}
	});

	test(`${name}: a document re-written takes its new front matter; a moved one keeps it`, async t => {
		const {storage, collection} = await open(t);
		await fill(storage, collection);
		await storage.writeDocuments(collection, [{...documentOf('api/auth.md', [{content: 'kiwi and tokens'}]), meta: {status: 'draft'}}], fingerprint);
		t.deepEqual(await keyword(storage, collection, {meta: {status: 'published'}}), ['guide/faq.md']);
		await storage.moveDocuments(collection, {remove: [], move: [{from: 'guide/faq.md', to: 'help/faq.md', sourceId: null, relativePath: null, sourcePath: null, mtimeMs: null}]});
		t.deepEqual(await vector(storage, collection, {meta: {status: 'published'}}), ['help/faq.md']);
		t.deepEqual(await keyword(storage, collection, {paths: ['guide/**']}), [], 'paths match the new name');
	});

	test(`${name}: a search over several collections keeps what the globs keep in each, with phrases and exclusions too`, async t => {
		const {storage, collection} = await open(t);
		await fill(storage, collection);
		const second = await storage.ensureCollection('second', chunkerVersion);
		await storage.writeDocuments(second, [
			documentOf('api/b.md', [{content: 'kiwi api key'}]), documentOf('api/d.md', [{content: 'kiwi door'}]),
			documentOf('notes/c.md', [{content: 'kiwi api key'}]), documentOf('readme.md', [{content: 'kiwi second readme'}]),
		], fingerprint);
		const both = async (filter: ChunkFilter) => {
			const hits = await storage.keywordTopK([collection, second], keywordTerms('kiwi'), 20, weights, filter);
			const rowids = hits.map(hit => hit.rowid);
			const found = [...await storage.chunks(collection, rowids)].map(([, chunk]) => `c:${chunk.fileName}`);
			found.push(...[...await storage.chunks(second, rowids)].map(([, chunk]) => `second:${chunk.fileName}`));
			t.is(found.length, hits.length, 'each hit is a chunk of one of them');
			return found.sort();
		};

		t.deepEqual(await both({paths: ['api/v1/**', 'notes/*']}), ['c:api/v1/users.md', 'second:notes/c.md'], 'a name only one collection holds is kept there only');
		t.deepEqual(await both({paths: ['readme.md']}), ['c:readme.md', 'second:readme.md'], 'a name both hold is kept in both');
		t.deepEqual(await both({paths: ['api/*'], text: {phrases: [], exclusions: [phraseWords('tokens')]}}), ['second:api/b.md', 'second:api/d.md'], 'paths and an exclusion');
		t.deepEqual(await both({paths: ['**'], text: {phrases: [phraseWords('api key')], exclusions: []}}), ['second:api/b.md', 'second:notes/c.md'], 'paths and a phrase');
		const vector = await storage.vectorTopK(second, vectorOf('kiwi api key'), 10, {paths: ['api/*'], text: {phrases: [phraseWords('api key')], exclusions: []}});
		t.deepEqual((await names(storage, second, vector)), ['api/b.md'], 'the vector top-k takes the same filter');
	});
}
