// Issue 37: an ingestion's progress moves with the work (files read, chunks embedded), not only with its commits.
import test from 'ava';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import type {DirectoryProgress} from '../../daemon/engine/sources/sync-totals.js';
import {toDirectoryProgress} from '../../daemon/to-wire/jobs.js';
import {openEngine} from '../helpers/engine.js';
import {writeNotes} from '../helpers/trees.js';
import {vectorOf} from '../storage/fixtures.js';

/** A model that makes a vector of each text's own (8 dimensions), counting the texts it was given per call. */
function fakeEmbedder(): Embedder & {calls: number[]} {
	const calls: number[] = [];
	return {
		modelId: 'fake', dims: 8, calls,
		async embedDocuments(texts) {
			calls.push(texts.length);
			return texts.map(text => vectorOf(text));
		},
		embedQuery: async text => vectorOf(text),
		async dispose() {
			// Nothing to free.
		},
	};
}

test('progress reports files read, then chunks chunked and embedded ahead of the commits, and the counts add up', async t => {
	const embedder = fakeEmbedder();
	const {engine} = openEngine(embedder);
	t.teardown(async () => engine.close());
	const root = writeNotes(4, 50); // 200 files of two chunks
	const seen: DirectoryProgress[] = [];
	const report = await engine.ingestDirectory('notes', {directory: root, mode: 'default', onProgress: progress => seen.push(progress)});
	t.is(report.indexed, 200);

	const reading = seen.filter(progress => progress.phase === 'reading');
	t.true(reading.length > 2, 'several reading steps');
	t.deepEqual(reading.map(progress => progress.readFiles), [...reading.map(progress => progress.readFiles)].sort((a, b) => a! - b!), 'files read only grow');
	t.like(reading.at(-1), {readFiles: 200, foundFiles: 200});

	const writing = seen.filter(progress => progress.phase === 'writing');
	const embedded = writing.map(progress => progress.embeddedChunks ?? 0);
	t.deepEqual(embedded, [...embedded].sort((a, b) => a - b), 'chunks embedded only grow');
	t.true(writing.some(progress => (progress.embeddedChunks ?? 0) > 0 && progress.processedFiles === 0), 'chunks are counted before the first group is committed');
	t.true(embedder.calls.every(count => count <= 32), `the model gets a slice at a time: ${embedder.calls.join(' ')}`);
	t.like(writing.at(-1), {writeFiles: 200, preparedFiles: 200, preparedChunks: report.chunks, embeddedChunks: report.chunks, processedFiles: 200});
	// On the wire, snake_case like every other field of the API.
	t.like(toDirectoryProgress(reading.at(-1)!), {phase: 'reading', found_files: 200, read_files: 200});
	t.like(toDirectoryProgress(writing.at(-1)!), {phase: 'writing', write_files: 200, prepared_files: 200, prepared_chunks: report.chunks, embedded_chunks: report.chunks, processed_files: 200});
});
