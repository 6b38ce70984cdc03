// The storage contract, part three: an import (importDocuments) makes its collection, adds its sources, renames
// documents and writes its groups in one transaction, or leaves nothing (issue 26). Registered by storageContract.
import type {TestFn} from 'ava';
import type {ImportWrite, Storage} from '../../daemon/engine/storage/storage.js';
import type {Collection, DocumentToWrite, NewSource, Source} from '../../daemon/engine/storage/types.js';
import {keywordTerms} from '../../common/text/keyword-query.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {dims, documentOf, fingerprint, vectorOf} from './fixtures.js';

type Open = (t: {teardown: (fn: () => Promise<void>) => void}) => Promise<{storage: Storage; collection: Collection}>;

const folder = (path: string, label: string): NewSource => ({path, label, include: ['*.md'], exclude: [], ignoreFiles: false, hidden: true, watch: false});

/** A document of the source at `path` among `sources` (the ids the import's sources got). */
function inSource(sources: readonly Source[], path: string, fileName: string, relativePath: string, content: string): DocumentToWrite {
	const source = sources.find(candidate => candidate.path === path)!;
	return {...documentOf(fileName, [{content}]), sourceId: source.id, relativePath, sourcePath: `${path}/${relativePath}`, mtimeMs: 42, text: `# ${content}\n`};
}

export function importContract(test: TestFn, name: string, open: Open): void {
	test(`${name}: an import makes its collection, adds sources, renames and writes in one transaction, or leaves nothing`, async t => {
		const {storage, collection} = await open(t);
		const notes = await storage.addSource(collection, folder('/data/notes', 'notes'));
		await storage.writeDocuments(collection, [{...documentOf('a.md', [{content: 'apple pie'}]), sourceId: notes.id, relativePath: 'a.md', mtimeMs: 1, sourcePath: '/data/notes/a.md'}], fingerprint);
		const rename = {from: 'a.md', to: 'notes/a.md', sourceId: notes.id, relativePath: 'a.md', sourcePath: '/data/notes/a.md', mtimeMs: 1};

		const failing = (bad: 'throw' | 'vector'): ImportWrite => ({
			sources: [folder('/data/work', 'work')],
			moves: [rename],
			async * groups(sources) {
				yield [inSource(sources, '/data/work', 'work/b.md', 'b.md', 'banana bread')];
				if (bad === 'throw') {
					throw new Error('the groups stopped');
				}

				yield [{...inSource(sources, '/data/work', 'work/c.md', 'c.md', 'cherry'), chunks: [{...documentOf('x', [{content: 'x'}]).chunks[0]!, vector: new Float32Array(dims + 1)}]}];
			},
		});
		await t.throwsAsync(storage.importDocuments('restored', chunkerVersion, {...failing('throw'), moves: []}, fingerprint), {message: 'the groups stopped'});
		t.is(await storage.collection('restored'), undefined, 'a new collection is not left behind');
		await t.throwsAsync(storage.importDocuments('c', chunkerVersion, failing('vector'), fingerprint), {message: /a vector has 9 dimensions/});
		t.deepEqual((await storage.sources(collection)).map(source => source.label), ['notes'], 'no source added');
		t.deepEqual((await storage.documents(collection)).map(document => document.fileName), ['a.md'], 'nothing renamed, nothing written');
		t.deepEqual(await storage.keywordTopK([collection], keywordTerms('banana'), 10, [1, 1, 1]), []);

		let given: string[] = [];
		const written = await storage.importDocuments('c', chunkerVersion, {
			sources: [folder('/data/work', 'work')],
			moves: [rename],
			async * groups(sources) {
				given = sources.map(source => source.label);
				yield [inSource(sources, '/data/work', 'work/b.md', 'b.md', 'banana bread')];
			},
		}, fingerprint);
		t.like(written, {id: collection.id, name: 'c', modelId: fingerprint.modelId});
		t.deepEqual(given, ['notes', 'work'], 'the groups are made once the sources are there, with their ids');
		const work = (await storage.sources(collection)).find(source => source.label === 'work')!;
		t.like(work, {path: '/data/work', hidden: true, ignoreFiles: false});
		t.deepEqual(work.include, ['*.md']);
		t.like(await storage.document(collection, 'notes/a.md'), {sourceId: notes.id, relativePath: 'a.md'});
		t.like(await storage.document(collection, 'work/b.md'), {sourceId: work.id, relativePath: 'b.md', mtimeMs: 42, sourcePath: '/data/work/b.md'});
		t.is(await storage.documentText(collection, 'work/b.md'), '# banana bread\n');
		t.is((await storage.keywordTopK([collection], keywordTerms('banana'), 10, [1, 1, 1])).length, 1);
		t.is((await storage.vectorTopK(collection, vectorOf('apple pie'), 5)).length, 2, 'vectors of both, the renamed one kept');

		const made = await storage.importDocuments('made', chunkerVersion, {sources: [folder('/data/made', 'made')], moves: [], async * groups(sources) {
			yield [inSource(sources, '/data/made', 'm.md', 'm.md', 'mango')];
		}}, fingerprint);
		t.like(made, {name: 'made', modelId: fingerprint.modelId});
		t.deepEqual((await storage.sources(made)).map(source => source.path), ['/data/made']);
		t.like(await storage.stats(made), {documents: 1, chunks: 1, vectors: 1});
	});
}
