// md-vector's own Markdown quality set: questions a user would ask of the Kubernetes enhancement proposals
// (../shared/data/kubernetes-keps), each with the file that answers it (bench/eval/keps-questions.jsonl).
import {cpSync, existsSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {walkMarkdown} from '../walk-markdown.js';
import type {QuerySet} from './query-set.js';

type Question = {readonly question: string; readonly file: string};

/**
 * The questions over the KEP tree. With `sample` > 1 the corpus is every answer file plus every sample-th other
 * file, copied into `workFolder` (relative paths kept): the whole tree is 31k chunks, an hour of embedding on a
 * busy 2-core machine.
 */
export async function kepsSet(corpus: string, questionsFile: string, sample = 1, workFolder?: string): Promise<QuerySet> {
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

	const name = `KEP questions (${queries.length}, ${path.basename(questionsFile)})`;
	if (sample <= 1 || !workFolder) {
		return {name: `${name} over the whole tree`, folder: corpus, queries, qrels, documentId: file => file};
	}

	const answers = new Set([...qrels.values()].flatMap(judged => [...judged.keys()]));
	const others = (await walkMarkdown(corpus)).filter(file => !answers.has(file));
	const files = [...answers, ...others.filter((_, index) => index % sample === 0)];
	for (const file of files) {
		mkdirSync(path.dirname(path.join(workFolder, file)), {recursive: true});
		cpSync(path.join(corpus, file), path.join(workFolder, file));
	}

	return {name: `${name} over ${files.length} files: the ${answers.size} answers and every ${sample}th other file`, folder: workFolder, queries, qrels, documentId: file => file};
}
