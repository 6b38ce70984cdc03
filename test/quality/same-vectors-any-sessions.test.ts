// A chunk's vector does not depend on how the daemon spreads its ingestion (issue 35): two real daemons with the
// real all-MiniLM-L6-v2, one embedding on one model session and the other on two (each session runs one text at a
// time, md-vector's batching since MD_VECTOR_BATCH_SIZE was dropped: the texts a session meets differ between the
// two), store the same vectors and answer a semantic and a hybrid search with the same hits and scores. Skipped,
// saying so, without the model (MD_VECTOR_TEST_MODEL_DIR...).
import path from 'node:path';
import test from 'ava';
import {loadScifact, writeCorpus} from '../../bench/eval/scifact.js';
import {poll} from '../../source/client/poll.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';
import {findRealModel} from '../helpers/real-model.js';

type Hit = {source_file: string; start_line: number; score: number};
/** A hit by where it is (chunk ids are each daemon's own). */
const place = (hit: Hit) => `${hit.source_file}:${hit.start_line}`;
const queries = ['does cold weather make atherosclerosis worse?', 'air pollution and anxiety', 'serotonin receptor binge eating in mice'];
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + (value * b[index]!), 0);

/** Ingests `folder` into a fresh daemon with `sessions` model sessions; its vectors by chunk text and its hits per query and mode. */
async function ingestAndSearch(t: {teardown(fn: () => Promise<void>): void}, modelDir: string, folder: string, sessions: string) {
	const daemon: RunningDaemon = await startDaemon({MD_VECTOR_MODEL_DIR: modelDir, MD_VECTOR_ALLOWED_ROOTS: folder, MD_VECTOR_ONNX_SPIN: '0', MD_VECTOR_EMBED_SESSIONS: sessions});
	t.teardown(async () => daemon.stop());
	await untilReady(daemon);
	const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'abstracts'});
	const job = await poll(async () => {
		const {body} = await daemon.request('GET', `/api/v1/jobs/${started.body.job.id as string}`);
		return body.job.state === 'running' ? undefined : body.job;
	}, 600_000);
	const exported = await daemon.request('GET', '/api/v1/export?collection=abstracts&format=jsonl');
	const vectors = new Map<string, Float32Array>();
	for (const line of (exported.body as string).split('\n').filter(Boolean).slice(1)) {
		for (const chunk of (JSON.parse(line) as {chunks: Array<{content: string; vector: string}>}).chunks) {
			const bytes = Buffer.from(chunk.vector, 'base64');
			vectors.set(chunk.content, new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
		}
	}

	const hits = new Map<string, Hit[]>();
	for (const query of queries) {
		for (const mode of ['semantic', 'hybrid']) {
			const response = await daemon.request('POST', '/api/v1/search', {query, mode, collection: 'abstracts', top_k: 10});
			hits.set(`${mode}: ${query}`, response.body.results as Hit[]);
		}
	}

	await daemon.stop();
	return {job, vectors, hits};
}

const found = findRealModel();
if ('missing' in found) {
	console.warn(`SKIPPED real-model sessions test: ${found.missing}`);
	// eslint-disable-next-line ava/no-skip-test, ava/require-assertion
	test.skip(`real model: SKIPPED, ${found.missing}`, () => undefined);
} else {
	test(`real model (${path.basename(found.directory)}): one model session or two, the same vectors, hits and scores`, async t => {
		const {corpus} = loadScifact(path.join(sharedData, 'scifact'));
		const folder = writeCorpus(corpus.slice(0, 24), path.join(temporaryDirectory(), 'abstracts'));
		const one = await ingestAndSearch(t, found.directory, folder, '1');
		const two = await ingestAndSearch(t, found.directory, folder, '2');
		for (const {job} of [one, two]) {
			t.like(job, {state: 'completed', progress: {indexed: 24, failed: 0}});
		}

		t.true(one.vectors.size >= 24, `chunks stored: ${one.vectors.size}`);
		t.deepEqual([...two.vectors.keys()].sort(), [...one.vectors.keys()].sort());
		for (const [text, vector] of one.vectors) {
			const similarity = cosine(vector, two.vectors.get(text)!);
			t.true(similarity >= 0.999_99, `${JSON.stringify(text.slice(0, 40))}: cosine ${similarity} between the two daemons`);
		}

		for (const [key, hits] of one.hits) {
			const other = two.hits.get(key)!;
			t.true(hits.length > 0, `${key}: no hits`);
			t.deepEqual(other.map(hit => place(hit)), hits.map(hit => place(hit)), `${key}: the same hits in the same order`);
			for (const [index, hit] of hits.entries()) {
				t.true(Math.abs(hit.score - other[index]!.score) < 1e-5, `${key}: score ${hit.score} and ${other[index]!.score}`);
			}
		}
	});
}
