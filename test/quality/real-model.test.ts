// What only a trained model can do, through the real daemon with a real sentence-embedding model
// (all-MiniLM-L6-v2 from the Python package registry, tools/model-from-pypi.sh) over real abstracts (SciFact):
// questions that share no word with their answer find it by meaning. The model is looked for in
// MD_VECTOR_TEST_MODEL_DIR, MD_VECTOR_MODEL_DIR, then .models/; without it the test is skipped, saying so and why.
import path from 'node:path';
import test from 'ava';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {keywordTokens} from '../../common/text/keyword-tokens.js';
import {loadScifact, writeCorpus} from '../../bench/eval/scifact.js';
import {poll} from '../../source/client/poll.js';
import {startDaemon, untilReady} from '../helpers/daemon.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';
import {findRealModel, parityOf} from '../helpers/real-model.js';

// Each question was written for its abstract without any of its words (checked below with md-vector's own tokens),
// so keyword search cannot find it and only the meaning can. Hybrid fuses in a keyword list of partial matches
// (other abstracts with "brain", "life"...), which costs such questions places: measured hybrid ranks 3, 2, 4, 6.
const questions = [
	{question: 'chilly weather and clogged arteries', answer: '970012', hybridTop3: true}, // Cold Exposure Promotes Atherosclerotic Plaque Growth
	{question: 'is smog linked to nervousness and worry?', answer: '791050', hybridTop3: true}, // fine particulate air pollution and prevalent anxiety
	{question: 'brain chemical that stops rodents from overeating', answer: '1084062', hybridTop3: false}, // Serotonin 2C receptors ... inhibits binge-like eating in mice
	{question: 'Obesity decreases life quality.', answer: '195689316', hybridTop3: false}, // SciFact train claim 871: Body-mass index and cause-specific mortality
];

const found = findRealModel();
if ('missing' in found) {
	// Skipped on purpose where there is no model: said on stderr, and in the test's one line.
	console.warn(`SKIPPED real-model test: ${found.missing}`);
	// eslint-disable-next-line ava/no-skip-test, ava/require-assertion
	test.skip(`real model: SKIPPED, ${found.missing}`, () => undefined);
} else {
	const realModelDir = found.directory;
	test(`real model (${path.basename(realModelDir)}, from ${found.from}): questions with no word of their answer find it first by meaning, two of them in hybrid's top 3`, async t => {
		t.not(parityOf(realModelDir), 'failed', `the parity check of ${realModelDir} did not pass (see its parity.json)`);
		const {corpus} = loadScifact(path.join(sharedData, 'scifact'));
		const answers = new Set(questions.map(({answer}) => answer));
		// 100 abstracts in corpus order as distractors, plus the answers: each abstract is one document.
		const documents = [...corpus.slice(0, 100).filter(({id}) => !answers.has(id)), ...corpus.filter(({id}) => answers.has(id))];
		const folder = writeCorpus(documents, path.join(temporaryDirectory(), 'abstracts'));
		for (const {question, answer} of questions) {
			const document = documents.find(({id}) => id === answer)!;
			const words = new Set(keywordTokens(`${document.title} ${document.text}`));
			t.deepEqual(keywordTerms(question).filter(term => words.has(term)), [], `'${question}' shares no word with its answer`);
		}

		const daemon = await startDaemon({MD_VECTOR_MODEL_DIR: realModelDir, MD_VECTOR_ALLOWED_ROOTS: folder, MD_VECTOR_ONNX_SPIN: '0'});
		t.teardown(async () => daemon.stop());
		await untilReady(daemon);
		const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'abstracts'});
		t.is(started.status, 202);
		const job = await poll(async () => {
			const {body} = await daemon.request('GET', `/api/v1/jobs/${started.body.job.id as string}`);
			return body.job.state === 'running' ? undefined : body.job;
		}, 600_000);
		t.like(job, {state: 'completed', progress: {indexed: documents.length, failed: 0}});

		const rankings = new Map<string, Record<'keyword' | 'semantic' | 'hybrid', string[]>>();
		for (const {question} of questions) {
			const ranking = async (mode: string) => {
				const response = await daemon.request('POST', '/api/v1/search', {query: question, mode, collection: 'abstracts', top_k: 10, collapse: true});
				t.is(response.status, 200);
				return (response.body.results as Array<{source_file: string}>).map(result => path.basename(result.source_file, '.md'));
			};

			rankings.set(question, {keyword: await ranking('keyword'), semantic: await ranking('semantic'), hybrid: await ranking('hybrid')});
		}

		for (const {question, answer} of questions) {
			const {keyword, semantic} = rankings.get(question)!;
			t.false(keyword.includes(answer), `keyword search cannot find '${question}'`);
			t.is(semantic[0], answer, `semantic search ranks the answer to '${question}' first: ${semantic.join(' ')}`);
		}

		for (const {question, answer} of questions.filter(({hybridTop3}) => hybridTop3)) {
			const {keyword, semantic, hybrid} = rankings.get(question)!;
			t.true(hybrid.slice(0, 3).includes(answer), `hybrid search ranks ${answer}, the answer to '${question}', in its top 3: ${hybrid.join(' ')} (keyword: ${keyword.join(' ')}; semantic: ${semantic.join(' ')})`);
		}
	});
}
