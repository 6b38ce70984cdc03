// The query syntax, --min-score and --explain through a real daemon (the tiny model), registered once and run
// on each storage backend (syntax-sqlite.test.ts, syntax-postgres.test.ts): phrases and exclusions are checked
// on candidates in the engine, the same code for both, and these tests hold it to the rules on both.
import type {TestFn} from 'ava';
import {isBoilerplate} from '../../daemon/engine/search/boilerplate.js';
import {demoteBoilerplate, fuse} from '../../daemon/engine/search/fusion.js';
import type {SearchExplain} from '../../common/wire/search.js';
import type {RunningDaemon} from '../helpers/daemon.js';

type Hit = {id: string; content: string; score: number; explain?: SearchExplain};
type Part = {rank: number; contribution: number; share: number};
type Search = (body: Record<string, unknown>) => Promise<{status: number; body: any}>;

const collection = 'syntax';

/** 5 chunks hold "api key" in order, 3 hold both words the other way round, 2 hold it with "staging", 30 are filler. */
export const corpus: Array<{file_name: string; content: string}> = [
	...Array.from({length: 5}, (_, index) => ({file_name: `phrase-${index}.md`, content: `# Rotation ${index}\n\nRotate the API key every ${index + 2} months, as the vault says.\n`})),
	...Array.from({length: 3}, (_, index) => ({file_name: `reversed-${index}.md`, content: `# Reversed ${index}\n\nThe key of the api gateway ${index} is not an API-less key api.\n`})),
	...Array.from({length: 2}, (_, index) => ({file_name: `staging-${index}.md`, content: `# Staging ${index}\n\nThe staging api key ${index} lives in another vault; rotate it too.\n`})),
	...Array.from({length: 30}, (_, index) => ({file_name: `filler-${index}.md`, content: `# Fruit ${index}\n\nBananas number ${index} are yellow; a key lime pie and an api of fruit ${index}.\n`})),
];

/** Whether the text holds the words in this order, any case, any punctuation between them. */
const boundary = String.raw`[^\p{L}\p{N}]`;
const holds = (content: string, words: readonly string[]) => new RegExp(`(?:^|${boundary})${words.join(`${boundary}+`)}(?:$|${boundary})`, 'iu').test(content);
const modes = ['keyword', 'semantic', 'hybrid'] as const;

/** Registers the cases; `start` gives a ready daemon on the backend, `stop` ends it and what it needs. */
export function syntaxCases(test: TestFn, start: () => Promise<RunningDaemon>, stop: () => Promise<void>): void {
	let running: RunningDaemon;
	const daemon = () => running;
	const search: Search = async body => daemon().request('POST', '/api/v1/search', {collection, ...body});
	const hits = async (body: Record<string, unknown>): Promise<Hit[]> => {
		const answer = await search(body);
		if (answer.status !== 200) {
			throw new Error(`search ${JSON.stringify(body)}: ${answer.status} ${JSON.stringify(answer.body)}`);
		}

		return answer.body.results;
	};

	test.before(async () => {
		running = await start();
		for (const document of corpus) {
			const answer = await daemon().request('POST', '/api/v1/ingest', {...document, collection});
			if (answer.status !== 200) {
				throw new Error(`ingest ${document.file_name}: ${JSON.stringify(answer.body)}`);
			}
		}
	});
	test.after.always(stop);

	for (const mode of modes) {
		test.serial(`"a phrase" in ${mode} mode: every hit holds its words in order, and top-k stays full`, async t => {
			const found = await hits({query: '"api key" rotate', mode, top_k: 5});
			t.is(found.length, 5, 'the 5 chunks holding the phrase with "rotate", however they rank otherwise');
			for (const hit of found) {
				t.true(holds(hit.content, ['api', 'key']), hit.content);
			}

			const all = await hits({query: '"API key"', mode, top_k: 20});
			t.is(all.length, 7, 'the 5 phrase chunks and the 2 staging ones; never the reversed ones');
			t.false(all.some(hit => hit.content.includes('gateway')));
		});

		test.serial(`-word and -"a phrase" in ${mode} mode: no hit holds them`, async t => {
			const plain = await hits({query: 'api key vault', mode, top_k: 40});
			t.true(plain.some(hit => hit.content.includes('staging')), 'found without the exclusion');
			const excluded = await hits({query: 'api key vault -staging', mode, top_k: 40});
			t.true(excluded.length > 0);
			t.false(excluded.some(hit => /staging/i.test(hit.content)));
			t.is(excluded.length, plain.length - 2, 'only the two staging chunks went');

			const phraseOut = await hits({query: 'api key -"key api"', mode, top_k: 40});
			t.false(phraseOut.some(hit => holds(hit.content, ['key', 'api'])));
			t.true(phraseOut.some(hit => holds(hit.content, ['api', 'key'])), 'a chunk with the words the other way round stays');
		});

		test.serial(`a filter and "a phrase" or -word in ${mode} mode: the hits are the kept documents' that pass the check`, async t => {
			const files = (list: Hit[]) => list.map(hit => (hit as Hit & {source_file: string}).source_file).sort();
			// The filter keeps 2 of the 7 chunks holding the phrase, among 33 that do not: both come back, nothing else.
			const kept = await hits({query: '"api key"', mode, top_k: 5, filter: {paths: ['staging-*.md', 'reversed-*.md', 'filler-*.md']}});
			t.deepEqual(files(kept), ['staging-0.md', 'staging-1.md']);
			const excluded = await hits({query: 'api key vault -staging', mode, top_k: 40, filter: {paths: ['staging-*.md', 'phrase-{0,1}.md']}});
			t.deepEqual(files(excluded), ['phrase-0.md', 'phrase-1.md']);
		});
	}

	test.serial('a query of exclusions alone is refused, naming the rule; an unclosed quote runs to the end', async t => {
		for (const query of ['-staging', '-"api key"', '-staging -vault']) {
			const answer = await search({query});
			t.is(answer.status, 400, query);
			t.is(answer.body.error.code, 'invalid_input');
			t.regex(answer.body.error.message, /^query: holds only exclusions .*add a word or "a phrase"/);
		}

		const unclosed = await hits({query: 'rotate "api key', mode: 'keyword', top_k: 20});
		t.is(unclosed.length, 7);
		t.true(unclosed.every(hit => holds(hit.content, ['api', 'key'])));
	});

	test.serial('plain queries rank exactly as the two rankings fused (no operator: nothing filtered, nothing fetched beyond)', async t => {
		// Rows are numbered in ingest order (one chunk a document): ties break as the engine breaks them.
		const rowid = (hit: Hit & {source_file: string}) => corpus.findIndex(document => document.file_name === hit.source_file);
		// A hyphen inside a word and a lone hyphen are words, not exclusions.
		for (const query of ['vault rotate months', 'gateway reversed', 'staging - state-of-the-art vault']) {
			for (const fusion of ['convex', 'rrf'] as const) {
				const [hybrid, keyword, semantic] = await Promise.all([hits({query, fusion, top_k: 10}), hits({query, mode: 'keyword', top_k: 50}), hits({query, mode: 'semantic', top_k: 50})]);
				const ranked = (list: Hit[]) => list.map(hit => ({rowid: rowid(hit as Hit & {source_file: string}), score: hit.score}));
				// As the engine fuses: boilerplate among the candidates at half in each list (search/boilerplate.ts).
				const boilerplate = new Set([...semantic, ...keyword].filter(hit => isBoilerplate(hit.content)).map(hit => rowid(hit as Hit & {source_file: string})));
				const fused = fuse(fusion, ...demoteBoilerplate(ranked(semantic), ranked(keyword), boilerplate)).slice(0, 10);
				t.deepEqual(hybrid.map(hit => corpus[rowid(hit as Hit & {source_file: string})]!.file_name), fused.map(hit => corpus[hit.rowid]!.file_name), `${query} (${fusion})`);
				// The lists' scores come rounded to 6 decimals; min-max scaling and the per-query weight (from the lists'
				// spread) carry that rounding into the fused scores, a little enlarged.
				const apart = Math.max(...hybrid.map((hit, index) => Math.abs(hit.score - fused[index]!.score)));
				// (A keyword list of tied scores once moved the engine's per-query weight by rounding noise: fusion.ts confidence.)
				t.true(apart < 1e-4, `${query} (${fusion}): fused scores ${apart} apart`);
			}
		}
	});

	test.serial('min_score: hits below it are dropped in each mode; anything but a number is a 400 naming min_score', async t => {
		for (const mode of modes) {
			const all = await hits({query: 'api key vault', mode, top_k: 20});
			const threshold = all[3]!.score;
			const kept = await hits({query: 'api key vault', mode, top_k: 20, min_score: threshold});
			t.deepEqual(kept.map(hit => hit.id), all.filter(hit => hit.score >= threshold).map(hit => hit.id), mode);
			t.true(kept.length < all.length, `${mode}: something was below ${threshold}`);
		}

		for (const bad of ['0.5', true, null, [1], {}]) {
			const answer = await search({query: 'api key', min_score: bad});
			t.is(answer.status, 400, JSON.stringify(bad));
			t.regex(answer.body.error.message, /^min_score: must be a number/);
		}
	});

	test.serial('explain: each hit\'s keyword and vector rank and score are those of the two rankings, and their parts add up to its score', async t => {
		for (const fusion of ['convex', 'rrf'] as const) {
			const query = 'rotate the api key in the vault';
			const [explained, keyword, semantic] = await Promise.all([hits({query, fusion, top_k: 10, explain: true}), hits({query, mode: 'keyword', top_k: 50}), hits({query, mode: 'semantic', top_k: 50})]);
			t.is(explained.length, 10);
			for (const hit of explained) {
				const explain = hit.explain!;
				const keywordRank = keyword.findIndex(entry => entry.id === hit.id);
				const vectorRank = semantic.findIndex(entry => entry.id === hit.id);
				t.is(explain.fusion, fusion);
				t.deepEqual(explain.keyword && {rank: explain.keyword.rank, score: explain.keyword.score}, keywordRank === -1 ? null : {rank: keywordRank + 1, score: keyword[keywordRank]!.score});
				t.deepEqual(explain.vector && {rank: explain.vector.rank, similarity: explain.vector.similarity}, vectorRank === -1 ? null : {rank: vectorRank + 1, similarity: semantic[vectorRank]!.score});
				const parts: Part[] = [explain.keyword, explain.vector].filter(part => part !== null);
				t.true(Math.abs(parts.reduce((sum, part) => sum + part.contribution, 0) - hit.score) < 1e-5);
				t.true(Math.abs(parts.reduce((sum, part) => sum + part.share, 0) - 1) < 1e-5);
				if (fusion === 'rrf') {
					for (const part of parts) {
						t.true(Math.abs(part.contribution - (1 / (60 + part.rank))) < 1e-6);
					}
				}
			}

			t.deepEqual((await hits({query, fusion, top_k: 10})).map(hit => [hit.id, hit.score, hit.explain]), explained.map(hit => [hit.id, hit.score, undefined]), 'explain changes nothing else');
		}

		const keywordOnly = await hits({query: 'vault', mode: 'keyword', explain: true, top_k: 3});
		t.deepEqual(keywordOnly[0]!.explain, {keyword: {rank: 1, score: keywordOnly[0]!.score, contribution: keywordOnly[0]!.score, share: 1}, vector: null, fusion: null});
		const semanticOnly = await hits({query: 'vault', mode: 'semantic', explain: true, top_k: 3});
		t.deepEqual(semanticOnly[1]!.explain, {keyword: null, vector: {rank: 2, similarity: semanticOnly[1]!.score, contribution: semanticOnly[1]!.score, share: 1}, fusion: null});
		const phrase = await hits({query: '"api key" -staging', explain: true, top_k: 10});
		t.is(phrase.length, 5);
		t.deepEqual(phrase.map(hit => hit.explain!.keyword?.rank).filter(rank => rank !== undefined).sort((a, b) => a - b), [1, 2, 3, 4, 5], 'ranks in the list after the phrase and the exclusion');
	});
}
