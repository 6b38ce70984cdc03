// A real model server md-vector did not write: Ollama (built by the test set-up, tools/test-servers/ollama.sh) with
// all-MiniLM-L6-v2 in fp32, against md-vector's own fp32 ONNX run of the same weights. Through both of Ollama's
// APIs (embed-provider ollama: /api/embed; openai: its /v1/embeddings) the vectors agree with the local model's
// and a search ranks the same abstracts in the same order. The texts stay under 256 tokens, below where the two
// truncate differently. Without Ollama or the real model: SKIPPED, saying why and the command that sets Ollama up.
import path from 'node:path';
import test from 'ava';
import {loadScifact, writeCorpus} from '../../bench/eval/scifact.js';
import {bertTokenCounter} from '../../daemon/engine/chunker/token-counter.js';
import {poll} from '../../source/client/poll.js';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {findOllama, ollamaModel, startOllama} from '../helpers/ollama.js';
import {sharedData, temporaryDirectory} from '../helpers/paths.js';
import {findRealModel} from '../helpers/real-model.js';

const queries = ['chilly weather and clogged arteries', 'is smog linked to nervousness and worry?', 'brain chemical that stops rodents from overeating', 'Obesity decreases life quality.', 'vitamin D and bone fractures in the elderly', 'gene expression in tumour cells'];
const sentences = ['A pod is a group of containers.', 'Tomatoes want water at the base.', 'The quick brown fox jumps over the lazy dog.', 'Cold exposure promotes atherosclerotic plaque growth.', 'naïve café résumé', 'x'.repeat(40), 'Σ = 1 + 2; ∀x ∈ ℝ', 'Short.'];

const ollama = findOllama();
const model = findRealModel();
const missing = [...('missing' in ollama ? [ollama.missing] : []), ...('missing' in model ? [model.missing] : [])];
/** The first sentences of an abstract, up to about 600 characters: a chunk of well under 256 tokens. */
function opening(text: string): string {
	const sentences = text.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [text];
	let kept = '';
	for (const sentence of sentences) {
		if (kept && kept.length + sentence.length > 600) {
			break;
		}

		kept += sentence;
	}

	return kept.slice(0, 600).trim();
}

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + (value * b[index]!), 0) / Math.sqrt(a.reduce((sum, value) => sum + (value * value), 0) * b.reduce((sum, value) => sum + (value * value), 0));

async function ingestFolder(daemon: RunningDaemon, folder: string): Promise<unknown> {
	const started = await daemon.request('POST', '/api/v1/jobs/ingest-directory', {directory: folder, collection: 'abstracts'});
	return poll(async () => {
		const {body} = await daemon.request('GET', `/api/v1/jobs/${started.body.job.id as string}`);
		return body.job.state === 'running' ? undefined : body.job;
	}, 300_000);
}

if (missing.length > 0) {
	console.warn(`SKIPPED ollama test: ${missing.join('; ')}`);
	// eslint-disable-next-line ava/no-skip-test, ava/require-assertion
	test.skip(`ollama (a real model server): SKIPPED, ${missing.join('; ')}`, () => undefined);
} else {
	const {directory: ollamaDir} = ollama as {directory: string};
	const {directory: modelDir} = model as {directory: string};
	test('ollama, a real server md-vector did not write, serving all-MiniLM-L6-v2 (fp32): the local model\'s vectors, and the same ranking through /api/embed and /v1/embeddings', async t => {
		t.timeout(600_000, 'a real server and three daemons on a busy machine');
		const server = await startOllama(ollamaDir);
		t.teardown(async () => server.stop());
		const abstracts = loadScifact(path.join(sharedData, 'scifact')).corpus.slice(0, 24).map(entry => ({...entry, text: opening(entry.text)}));
		const count = bertTokenCounter();
		const longest = Math.max(...abstracts.map(({title, text}) => count(`${title}\n\n${text}`)));
		t.true(longest < 200, `every abstract is one chunk well under the model's 256 tokens (longest ${longest})`);
		const folder = writeCorpus(abstracts, path.join(temporaryDirectory(), 'abstracts'));
		const common = {MD_VECTOR_ALLOWED_ROOTS: folder, MD_VECTOR_ONNX_SPIN: '0', MD_VECTOR_MODEL_DIR: modelDir, MD_VECTOR_MODEL_DTYPE: 'fp32'};
		const daemons = {
			local: await startDaemon(common),
			ollama: await startDaemon({...common, MD_VECTOR_EMBED_PROVIDER: 'ollama', MD_VECTOR_EMBED_URL: server.url, MD_VECTOR_EMBED_MODEL: ollamaModel}),
			openai: await startDaemon({...common, MD_VECTOR_EMBED_PROVIDER: 'openai', MD_VECTOR_EMBED_URL: `${server.url}/v1`, MD_VECTOR_EMBED_MODEL: ollamaModel}),
		};
		t.teardown(async () => {
			await Promise.all(Object.values(daemons).map(async daemon => daemon.stop()));
		});
		await Promise.all(Object.values(daemons).map(async daemon => untilReady(daemon)));
		t.like((await daemons.ollama.request('GET', '/api/v1/health')).body.checks.embedder, {status: 'ok', model: `ollama:${ollamaModel}`, dimension: 384});

		// The vectors themselves: the local model's (served by the local daemon's /v1/embeddings) against Ollama's own API.
		const local = await daemons.local.request('POST', '/v1/embeddings', {input: sentences, model: 'all-MiniLM-L6-v2'});
		const remote = await fetch(`${server.url}/api/embed`, {method: 'POST', body: JSON.stringify({model: ollamaModel, input: sentences})}).then(async response => response.json() as Promise<{embeddings: number[][]}>);
		const agreement = sentences.map((_, index) => cosine(local.body.data[index].embedding as number[], remote.embeddings[index]!));
		t.log(`cosine local fp32 vs ollama fp32, per sentence: ${agreement.map(value => value.toFixed(6)).join(' ')}`);
		t.true(agreement.every(value => value > 0.9999), `every sentence's vectors agree (cosine > 0.9999): ${agreement.join(' ')}`);

		for (const [name, daemon] of Object.entries(daemons)) {
			t.like(await ingestFolder(daemon, folder), {state: 'completed', progress: {indexed: abstracts.length, failed: 0}}, name);
		}

		let largest = 0;
		let swapped = 0;
		for (const query of queries) {
			// Every abstract, so both sides rank the same set, whatever near-ties sit at the cut.
			const rankings = await Promise.all(Object.values(daemons).map(async daemon => {
				const {body} = await daemon.request('POST', '/api/v1/search', {query, mode: 'semantic', collection: 'abstracts', top_k: abstracts.length});
				return body.results as Array<{id: string; score: number}>;
			}));
			const [mine, ...theirs] = rankings;
			const localScore = new Map(mine!.map(hit => [hit.id, hit.score]));
			for (const [index, other] of theirs.entries()) {
				const name = index === 0 ? 'ollama /api/embed' : 'ollama /v1/embeddings';
				t.deepEqual(other.map(hit => hit.id).sort(), [...localScore.keys()].sort(), `'${query}': ${name} finds the same chunks`);
				// Vectors at cosine 0.999998 (two runtimes' float32 sums) move a chunk's score by up to about 0.001.
				const drift = Math.max(...other.map(hit => Math.abs(hit.score - localScore.get(hit.id)!)));
				t.true(drift < 1e-3, `'${query}': ${name} gives each chunk its local score within 0.001 (largest difference ${drift})`);
				const misplaced = other.slice(1).filter((hit, rank) => localScore.get(hit.id)! > localScore.get(other[rank]!.id)! + 1e-3);
				t.deepEqual(misplaced, [], `'${query}': ${name} ranks in the local model's order (two chunks whose local scores are within 0.001 may swap)`);
				swapped += other.filter((hit, rank) => hit.id !== mine![rank]!.id).length;
				largest = Math.max(largest, drift);
			}
		}

		t.log(`rank positions that differ from the local model's (near-ties): ${swapped} of ${queries.length * 2 * abstracts.length}`);
		t.log(`largest score difference from the local model's, over every query and hit: ${largest.toFixed(6)}`);
	});
}
