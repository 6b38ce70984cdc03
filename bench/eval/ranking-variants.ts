// Changes to either half of hybrid search measured offline on a SciFact subset (bench/RESULTS.md, issue 35's last
// target): each variant's keyword, semantic and hybrid nDCG@10, hybrid with the model family's weights and with the
// weights re-swept for that variant, each as points over the better half.
//   MD_VECTOR_MODEL_DIR=<model> node dist/bench/eval/ranking-variants.js --data /tmp/fusion-scifact-tune
// Needs the subset's kept export for that model (run `npm run eval -- --data <subset>` once: embedded-once.ts) and the
// subsets themselves (scifact-halves.ts). The first row ("as the daemon") must equal npm run eval's figures.
import os from 'node:os';
import path from 'node:path';
import {existsSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {headingContextFromEnv} from '../../daemon/engine/chunker/heading-context.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';
import {loadTransformersEmbedder} from '../../daemon/engine/embedder/transformers-embedder.js';
import {fuse, type FusionWeights} from '../../daemon/engine/search/fusion.js';
import {fusionWeights} from '../../daemon/engine/search/fusion-weights.js';
import type {Candidate} from '../../daemon/engine/storage/types.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {cacheFile} from './embedded-once.js';
import {rm3, rocchio} from './feedback.js';
import {mean, ndcgAt} from './metrics.js';
import {Bm25Index, exportVectors, nearest, offlineChunks} from './offline-lists.js';
import {loadScifact} from './scifact.js';

const {values: options} = parseArgs({options: {data: {type: 'string', default: path.join(os.tmpdir(), 'fusion-scifact-tune')}}});
const {corpus, queries, qrels} = loadScifact(options.data);
const config = modelConfigFromEnv({...process.env, MD_VECTOR_EMBED_SESSIONS: '1'});
const exportFile = cacheFile({name: `SciFact train (${queries.length} queries, ${corpus.length} abstracts)`} as Parameters<typeof cacheFile>[0], process.env);
if (!existsSync(exportFile)) {
	throw new Error(`no kept export for this model and subset (${exportFile}): run npm run eval -- --data ${options.data} first`);
}

const chunks = offlineChunks(corpus, headingContextFromEnv(process.env));
const index = new Bm25Index(chunks);
const stored = exportVectors(exportFile);
const vectors = chunks.map(chunk => stored.get(chunk.id)!);
const embed = async (prefix?: string) => {
	const embedder = await loadTransformersEmbedder(prefix === undefined ? config : {...config, queryPrefix: prefix}, path.join(os.tmpdir(), 'md-vector-variants'), undefined, {computeThreads: 1});
	const made = new Map<string, Float32Array>();
	for (const query of queries) {
		made.set(query.id, await embedder.embedQuery(query.text)); // one text per run, as the daemon
	}

	await embedder.dispose();
	return made;
};

const queryVectors = await embed();
const weights = fusionWeights(config.id);
const data = queries.map(query => {
	const terms = new Map(keywordTerms(query.text).map(term => [term, 1]));
	return {id: query.id, terms, vector: queryVectors.get(query.id)!, semantic: nearest(queryVectors.get(query.id)!, vectors), keyword: index.search(terms)};
});
type Query = (typeof data)[number];

/** nDCG@10 of chunk rankings, one per query, cut to one hit per document as the daemon's collapse does. */
const ndcg = (rankings: ReadonlyArray<readonly Candidate[]>) => mean(rankings.map((ranking, at) =>
	ndcgAt([...new Set(ranking.map(hit => chunks[hit.rowid]!.document))], qrels.get(data[at]!.id)!, 10)));
const fused = (semantic: ReadonlyArray<readonly Candidate[]>, keyword: ReadonlyArray<readonly Candidate[]>, chosen: FusionWeights) =>
	ndcg(semantic.map((list, at) => fuse('convex', list, keyword[at]!, chosen)));
const grid = [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8].flatMap(semantic => [0, 0.05, 0.1, 0.15].flatMap(trustStep =>
	[0, 0.25, 0.5, 0.75].map(both => ({semantic, trustStep, range: [0.2, 0.8] as const, both}))));
const better = Math.max(ndcg(data.map(query => query.keyword)), ndcg(data.map(query => query.semantic)));
const points = (value: number) => ((value - better) * 100).toFixed(2).padStart(6);

function report(label: string, semantic: ReadonlyArray<readonly Candidate[]>, keyword: ReadonlyArray<readonly Candidate[]>): void {
	const now = fused(semantic, keyword, weights);
	const swept = grid.map(chosen => ({chosen, value: fused(semantic, keyword, chosen)})).sort((a, b) => b.value - a.value)[0]!;
	const {semantic: base, trustStep, both} = swept.chosen;
	console.log(`${label.padEnd(48)} ${ndcg(keyword).toFixed(4)}   ${ndcg(semantic).toFixed(4)}   ${now.toFixed(4)} ${points(now)}   ${swept.value.toFixed(4)} ${points(swept.value)} (${base} ±${trustStep} ×${1 + both})`);
}

const each = <T>(make: (query: Query, at: number) => T) => data.map((query, at) => make(query, at));
const semantic = each(query => query.semantic);
const keyword = each(query => query.keyword);
const fusedTop = each(query => fuse('convex', query.semantic, query.keyword, weights).slice(0, 3));
console.log(`${config.id} on ${options.data} (${queries.length} queries, ${chunks.length} chunks); the better half ${better.toFixed(4)}`);
console.log('variant                                          keyword  semantic  hybrid (points)   re-swept (points, weights)');
report('as the daemon', semantic, keyword);
report('BM25 k1 2, b 0.9 (now 1.2, 0.75)', semantic, each(query => index.search(query.terms, {k1: 2, b: 0.9})));
report('BM25 title ×4 (now ×2)', semantic, each(query => index.search(query.terms, {weights: [4, 1.5, 1]})));
report('keyword RM3 from its top 10 (10 terms, 0.7)', semantic, each(query =>
	index.search(rm3(index, query.terms, index.search(query.terms, {limit: 10}), {terms: 10, keep: 0.7, byScore: true}))));
report('keyword RM3 from the fused top 3 (20 terms, 0.7)', semantic, each((query, at) => index.search(rm3(index, query.terms, fusedTop[at]!, {terms: 20, keep: 0.7}))));
report('dense Rocchio from the fused top 3 (β 0.5)', each((query, at) => nearest(rocchio(query.vector, fusedTop[at]!, vectors, 0.5), vectors)), keyword);
if (config.queryPrefix) {
	const plain = await embed('');
	report('query embedded without its prefix', each(query => nearest(plain.get(query.id)!, vectors)), keyword);
}
