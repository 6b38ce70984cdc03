// md-vector's own Markdown quality set: questions a user would ask of the Kubernetes enhancement proposals
// (../shared/data/kubernetes-keps), each with the file that answers it (bench/eval/keps-questions.jsonl).
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {QuerySet} from './query-set.js';

type Question = {readonly question: string; readonly file: string};

export function kepsSet(corpus: string, questionsFile: string): QuerySet {
	const lines = readFileSync(questionsFile, 'utf8').split('\n').filter(line => line.trim());
	const queries: Array<{id: string; text: string}> = [];
	const qrels = new Map<string, Map<string, number>>();
	for (const [index, line] of lines.entries()) {
		const {question, file} = JSON.parse(line) as Question;
		if (!question?.trim() || !file || !existsSync(path.join(corpus, file))) {
			throw new Error(`${questionsFile} line ${index + 1}: needs "question" and "file" (a file under ${corpus}); got ${line}`);
		}

		const id = String(index + 1);
		queries.push({id, text: question});
		qrels.set(id, new Map([[file, 1]]));
	}

	return {name: `KEP questions (${queries.length}, ${path.basename(questionsFile)})`, folder: corpus, queries, qrels, documentId: file => file};
}
