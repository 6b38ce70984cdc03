// The storage contract, part three: documents written again and again, with some chunks unchanged, edited,
// moved, repeated, dropped or stripped of their vector, and titles and headings changed, leave the store as if
// each had been written anew: its chunks, their ids, BM25 ranking, vectors and counts (a backend may keep the
// rows of chunks that come back unchanged). Registered by storageContract for every backend.
import type {ExecutionContext, TestFn} from 'ava';
import type {Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, DocumentToWrite, FieldWeights} from '../../daemon/engine/storage/types.js';
import {chunkIds} from '../../daemon/engine/storage/chunk-ids.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {seeded} from '../helpers/seeded.js';
import {documentOf, fingerprint, type ChunkSpec, vectorOf} from './fixtures.js';
import {referenceRanking} from './reference-bm25.js';

const weights: FieldWeights = [2, 1.5, 1];
const words = ['compost', 'tomato', 'basil', 'garden', 'water', 'frost', 'mulch', 'worm', 'seed', 'shade'];

type Open = (t: {teardown: (fn: () => Promise<void>) => void}) => Promise<{storage: Storage; collection: Collection}>;
type Spec = {title: string; chunks: ChunkSpec[]};

/** One random change to a document's chunks or title (or none). */
function mutate(spec: Spec, next: () => number): Spec {
	const word = () => words[Math.floor(next() * words.length)]!;
	const chunks = [...spec.chunks];
	const at = Math.floor(next() * chunks.length);
	switch (Math.floor(next() * 8)) {
		case 0: {
			chunks[at] = {...chunks[at]!, content: `${chunks[at]!.content} ${word()}`};
			break;
		}

		case 1: {
			chunks.unshift({content: `${word()} ${word()} new`}); // every stored chunk moves one place down
			break;
		}

		case 2: {
			chunks.splice(at, 0, chunks[at]!); // a repeated text
			break;
		}

		case 3: {
			if (chunks.length > 1) {
				chunks.splice(at, 1);
			}

			break;
		}

		case 4: {
			return {title: `Notes ${word()}`, chunks};
		}

		case 5: {
			chunks[at] = {...chunks[at]!, headings: [word()]};
			break;
		}

		case 6: {
			chunks[at] = {...chunks[at]!, vector: chunks[at]!.vector === null ? undefined : null};
			break;
		}

		default: {
			break; // written again unchanged
		}
	}

	return {title: spec.title, chunks};
}

/**
 * `exactScoresAfterDeletes`: whether BM25's statistics leave out what was deleted or replaced. The embedded
 * store's FTS5 table (contentless_delete) goes on counting replaced rows in N until its segments merge, so
 * there only the rows found are compared, not their scores.
 */
export function rewritesContract(test: TestFn, name: string, open: Open, exactScoresAfterDeletes: boolean): void {
	test(`${name}: documents written again with some chunks unchanged read as if written anew`, async t => {
		const {storage, collection} = await open(t);
		const next = seeded(21);
		const specs = new Map<string, Spec>(Array.from({length: 12}, (_, index) => [`doc-${index}.md`, {
			title: `Notes ${words[index % words.length]!}`,
			chunks: Array.from({length: 2 + (index % 4)}, (_, ordinal) => ({content: `${words[(index + ordinal) % words.length]!} ${words[((index * 3) + ordinal) % words.length]!} text`})),
		}]));
		const documents = () => [...specs].map(([fileName, spec]) => documentOf(fileName, spec.chunks, spec.title));
		await storage.writeDocuments(collection, documents(), fingerprint);
		for (let round = 0; round < 6; round++) {
			const written: DocumentToWrite[] = [];
			for (const [fileName, spec] of specs) {
				if (next() < 0.7) {
					const changed = mutate(spec, next);
					specs.set(fileName, changed);
					written.push(documentOf(fileName, changed.chunks, changed.title));
				}
			}

			await storage.writeDocuments(collection, written.slice(0, 5), fingerprint);
			await storage.writeDocuments(collection, written.slice(5), fingerprint);
			await expectStore(t, storage, collection, documents(), `round ${round}`, exactScoresAfterDeletes);
		}
	});
}

async function expectStore(t: ExecutionContext, storage: Storage, collection: Collection, documents: readonly DocumentToWrite[], round: string, exactScores: boolean): Promise<void> {
	const keyOf = new Map<number, string>();
	for (const document of documents) {
		const chunks = await storage.chunksOfDocument(collection, document.fileName);
		const expected = document.chunks.map(chunk => [chunk.ordinal, chunk.content, chunk.headingPath, chunk.startLine]);
		t.deepEqual(chunks.map(chunk => [chunk.ordinal, chunk.content, chunk.headingPath, chunk.startLine]), expected, `${round}: ${document.fileName}`);
		t.deepEqual(chunks.map(chunk => chunk.id), chunkIds(collection.name, document.fileName, document.chunks.map(chunk => chunk.hash)), `${round}: ${document.fileName} ids`);
		for (const chunk of chunks) {
			keyOf.set(chunk.rowid, `${document.fileName}#${chunk.ordinal}`);
		}
	}

	const all = documents.flatMap(document => document.chunks);
	t.like(await storage.stats(collection), {
		documents: documents.length, chunks: all.length, vectors: all.filter(chunk => chunk.vector).length, tokens: all.reduce((sum, chunk) => sum + chunk.tokens, 0),
	}, round);
	for (const query of ['compost tomato', 'frost', 'notes mulch seed', 'new worm', 'shade text']) {
		const terms = keywordTerms(query);
		const expected = referenceRanking(documents, terms, weights);
		const actual = await storage.keywordTopK([collection], terms, 100, weights);
		if (exactScores) {
			t.deepEqual(actual.map(hit => hit.score.toFixed(6)), expected.map(hit => hit.score.toFixed(6)), `${round}: ${query}`);
		}

		const byName = (a: string, b: string) => a.localeCompare(b);
		t.deepEqual(actual.map(hit => keyOf.get(hit.rowid)!).sort(byName), expected.map(hit => hit.key).sort(byName), `${round}: ${query} rows`);
	}

	const probe = vectorOf('garden water');
	const dot = (vector: Float32Array) => vector.reduce((sum, value, index) => sum + (value * probe[index]!), 0);
	const expected = all.filter(chunk => chunk.vector).map(chunk => dot(chunk.vector!)).sort((a, b) => b - a);
	const nearest = await storage.vectorTopK(collection, probe, all.length);
	t.is(nearest.length, expected.length, `${round}: vectors`);
	t.true(nearest.every((hit, index) => Math.abs(hit.score - expected[index]!) < 1e-5), `${round}: vector scores ${JSON.stringify(nearest.map(hit => hit.score))} ${JSON.stringify(expected)}`);
}
