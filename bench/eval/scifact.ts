// BEIR SciFact as md-vector sees it: every abstract one Markdown document (title as its heading, text as body),
// named by its corpus id so a hit's file name is the id the judgments use.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {QuerySet} from './query-set.js';

export type Judgments = ReadonlyMap<string, ReadonlyMap<string, number>>;

export type Scifact = {
	readonly corpus: ReadonlyArray<{readonly id: string; readonly title: string; readonly text: string}>;
	/** The judged queries only (the train split), in file order. */
	readonly queries: ReadonlyArray<{readonly id: string; readonly text: string}>;
	/** query id -> (document id -> relevance grade). */
	readonly qrels: Judgments;
};

const jsonLines = <T>(file: string): T[] => readFileSync(file, 'utf8').split('\n').filter(line => line.trim()).map(line => JSON.parse(line) as T);

export function loadScifact(root: string, split = 'train'): Scifact {
	const qrels = new Map<string, Map<string, number>>();
	const lines = readFileSync(path.join(root, 'qrels', `${split}.tsv`), 'utf8').split(/\r?\n/).slice(1); // header
	for (const line of lines.filter(Boolean)) {
		const [query, document, grade] = line.split('\t');
		if (!qrels.has(query!)) {
			qrels.set(query!, new Map());
		}

		qrels.get(query!)!.set(document!, Number(grade));
	}

	const corpus = jsonLines<{_id: string; title: string; text: string}>(path.join(root, 'corpus.jsonl'))
		.map(entry => ({id: entry._id, title: entry.title, text: entry.text}));
	const queries = jsonLines<{_id: string; text: string}>(path.join(root, 'queries.jsonl'))
		.filter(entry => qrels.has(entry._id)).map(entry => ({id: entry._id, text: entry.text}));
	return {corpus, queries, qrels};
}

/** Writes `<id>.md` per abstract into `folder`; returns it. */
export function writeCorpus(corpus: Scifact['corpus'], folder: string): string {
	mkdirSync(folder, {recursive: true});
	for (const {id, title, text} of corpus) {
		writeFileSync(path.join(folder, `${id}.md`), `# ${title.replaceAll(/\s+/g, ' ').trim() || id}\n\n${text}\n`);
	}

	return folder;
}

/** The corpus id of a hit's file name. */
export const documentId = (fileName: string) => path.basename(fileName, '.md');

/** SciFact train as a query set: the corpus written as Markdown into `folder`. */
export function scifactSet(root: string, folder: string): QuerySet {
	const {corpus, queries, qrels} = loadScifact(root);
	return {name: `SciFact train (${queries.length} queries, ${corpus.length} abstracts)`, folder: writeCorpus(corpus, folder), queries, qrels, documentId};
}
