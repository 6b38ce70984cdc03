// The two SciFact train subsets the fusion weights are chosen and checked on (bench/RESULTS.md, "Defaults per model
// family"): one per half of the judged queries (query-set.ts's split: even = tune, odd = held-out), each over 1,000
// abstracts, the ones judged for its queries and the corpus's first others, as BEIR folders `npm run eval -- --data`
// reads (corpus.jsonl, queries.jsonl, qrels/train.tsv).
//   node dist/bench/eval/scifact-halves.js [--data ../shared/data/scifact] [--out /tmp] [--size 1000]
// Writes <out>/fusion-scifact-tune and <out>/q-scifact-heldout (the names the runs in RESULTS.md used).
import {mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {loadScifact} from './scifact.js';

const {values: options} = parseArgs({options: {
	data: {type: 'string', default: path.resolve('..', 'shared', 'data', 'scifact')},
	out: {type: 'string', default: os.tmpdir()},
	size: {type: 'string', default: '1000'},
}});

const {queries, qrels} = loadScifact(options.data);
const lines = (file: string) => readFileSync(path.join(options.data, file), 'utf8').split('\n').filter(line => line.trim());
const corpusLines = lines('corpus.jsonl');
const queryLines = new Map(lines('queries.jsonl').map(line => [(JSON.parse(line) as {_id: string})._id, line]));

for (const [name, parity] of [['fusion-scifact-tune', 0], ['q-scifact-heldout', 1]] as const) {
	const chosen = queries.filter((_, index) => index % 2 === parity);
	const judged = new Set(chosen.flatMap(query => [...qrels.get(query.id)!.keys()]));
	let others = Number(options.size) - judged.size;
	// Corpus order: every judged abstract, and the first others until the subset is full.
	const corpus = corpusLines.filter(line => {
		const id = (JSON.parse(line) as {_id: string})._id;
		return judged.has(id) || (others-- > 0);
	});
	const folder = path.join(options.out, name);
	const partial = `${folder}.partial`;
	rmSync(partial, {recursive: true, force: true});
	mkdirSync(path.join(partial, 'qrels'), {recursive: true});
	writeFileSync(path.join(partial, 'corpus.jsonl'), `${corpus.join('\n')}\n`);
	writeFileSync(path.join(partial, 'queries.jsonl'), `${chosen.map(query => queryLines.get(query.id)!).join('\n')}\n`);
	const judgments = chosen.flatMap(query => [...qrels.get(query.id)!].map(([document, grade]) => `${query.id}\t${document}\t${grade}`));
	writeFileSync(path.join(partial, 'qrels', 'train.tsv'), `query-id\tcorpus-id\tscore\n${judgments.join('\n')}\n`);
	rmSync(folder, {recursive: true, force: true});
	renameSync(partial, folder);
	console.log(`${folder}: ${chosen.length} queries, ${corpus.length} abstracts (${judged.size} judged)`);
}
