// Keyword search quality and one-shot latency: md-vector (keyword mode, through the API of a daemon without a
// model) and qmd (`qmd search`, its BM25) on SciFact train, the same Markdown files (one abstract a file).
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {execa} from 'execa';
import type {DaemonClient} from '../../source/client/daemon-client.js';
import {percentile} from '../machine.js';
import {score, type Scores} from '../eval/evaluate.js';
import type {QuerySet} from '../eval/query-set.js';
import {Qmd} from './qmd.js';

export type KeywordPeerRow = {
	mdVector: {scores: Scores; indexSeconds: number; oneShotP50: number; oneShotP95: number};
	qmd: {scores: Scores; indexSeconds: number; oneShotP50: number; oneShotP95: number};
};

const oneShotRuns = 20;
const cli = path.resolve('dist', 'cli', 'md-vector.cjs');

export async function keywordPeer(client: DaemonClient, env: NodeJS.ProcessEnv, set: QuerySet, home: string): Promise<KeywordPeerRow> {
	let started = performance.now();
	const {job} = await client.startDirectoryJob({directory: set.folder, collection: 'scifact'});
	await client.followJob(job.id, () => undefined);
	const mdVectorIndex = (performance.now() - started) / 1000;
	const qmd = new Qmd(home);
	const qmdIndex = await qmd.addCollection(set.folder, 'scifact');

	const mdRankings = new Map<string, string[]>();
	const qmdRankings = new Map<string, string[]>();
	for (const query of set.queries) {
		const response = await client.search({query: query.text, top_k: 100, mode: 'keyword', collection: 'scifact', collapse: true});
		mdRankings.set(query.id, response.results.map(result => set.documentId(result.source_file)));
		qmdRankings.set(query.id, (await qmd.search(query.text, 'scifact', 100)).files.map(file => set.documentId(file)));
	}

	// One command per search, as a script calls each tool: the same query, top 10, JSON out.
	const query = set.queries[0]!.text;
	const md: number[] = [];
	const qm: number[] = [];
	for (let run = 0; run <= oneShotRuns; run++) { // the first run of each warms caches and is not counted
		started = performance.now();
		await execa('node', [cli, 'search', query, '-k', '10', '--mode', 'keyword', '-C', 'scifact', '--json'], {env});
		const mdMs = performance.now() - started;
		const {ms} = await qmd.search(query, 'scifact', 10);
		if (run > 0) {
			md.push(mdMs);
			qm.push(ms);
		}
	}

	return {
		mdVector: {scores: score(set, mdRankings), indexSeconds: mdVectorIndex, oneShotP50: percentile(md, 50), oneShotP95: percentile(md, 95)},
		qmd: {scores: score(set, qmdRankings), indexSeconds: qmdIndex, oneShotP50: percentile(qm, 50), oneShotP95: percentile(qm, 95)},
	};
}
