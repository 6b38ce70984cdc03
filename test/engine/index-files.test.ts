// Issue 16, items 2 and 3: a failed index file write (full disk) aborted the daemon from inside FAISS and left
// its temporary file; a damaged index file could reach FAISS. Child processes run what used to abort.
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execaNode} from 'execa';
import {VectorIndex} from '../../daemon/engine/storage/embedded/vector-index/vector-index.js';
import {FlatIndex} from '../../daemon/engine/storage/embedded/vector-index/flat-index.js';
import {writeIndex} from '../../daemon/engine/storage/embedded/vector-index/index-file.js';
import {repoRoot, temporaryDirectory} from '../helpers/paths.js';
import {openEmbeddedEngine} from '../helpers/engine.js';

const fixture = (name: string) => path.join(repoRoot, 'dist', 'test', 'fixtures', name);
const unit = (dims: number, axis: number) => Float32Array.from({length: dims}, (_, index) => (index === axis ? 1 : 0));

test('a disk-full index write is a reported problem, not an abort; no temporary file stays; the retry clears it', async t => {
	const dataDir = path.join(temporaryDirectory(), 'data');
	const child = await execaNode(fixture('index-write-child.js'), [dataDir], {reject: false});
	t.is(child.signal, undefined, `no abort: ${String(child.stderr)}`);
	t.is(child.exitCode, 0, String(child.stderr));
	const [problems, retried, closed] = String(child.stdout).split('\n');
	const [problem] = JSON.parse(problems!) as Array<{source: string; message: string}>;
	t.is(problem?.source, 'index-file:c');
	t.regex(problem!.message, /collection 'c': writing its vector index file failed \(.*ENOSPC/);
	t.deepEqual(JSON.parse(retried!), {cleared: true});
	t.is(closed, 'closed');
	t.deepEqual(readdirSync(path.join(dataDir, 'indexes')).sort(), ['collection-1.faiss', 'collection-1.json']);
});

/** An exact index (md-vector's own file) or an HNSW graph (FAISS's) of 40 vectors, written to disk. */
async function writtenIndex(kind: 'flat' | 'hnsw' = 'flat'): Promise<{file: string; sidecar: {bytes: number; crc32: number}}> {
	const file = path.join(temporaryDirectory(), 'collection-1');
	const index = kind === 'flat' ? new FlatIndex(8) : new VectorIndex(8, 'hnsw');
	index.addFlat(Array.from({length: 40}, (_, rowid) => rowid + 1), Float32Array.from({length: 40 * 8}, (_, at) => unit(8, Math.floor(at / 8) % 8)[at % 8]!));
	await writeIndex(file, index, 3);
	return {file, sidecar: JSON.parse(readFileSync(`${file}.json`, 'utf8')) as {bytes: number; crc32: number}};
}

const readInChild = async (file: string) => execaNode(fixture('read-index-child.js'), [file, '8', '3'], {reject: false});

for (const kind of ['flat', 'hnsw'] as const) {
	test(`an index file (${kind}) is read only when its size and CRC-32 match its sidecar`, async t => {
		const {file, sidecar} = await writtenIndex(kind);
		t.is(sidecar.bytes, readFileSync(`${file}.faiss`).length);
		t.like(await readInChild(file), {exitCode: 0, stdout: 'loaded 40'});

		const flipped = readFileSync(`${file}.faiss`);
		flipped[200] = flipped[200]! ^ 0x40; // one value changed, the size the same
		writeFileSync(`${file}.faiss`, flipped);
		t.like(await readInChild(file), {exitCode: 0, stdout: 'rejected'}, 'a changed byte');
	});
}

test('an HNSW file whose vector count claims 2^39 never reaches FAISS (a garbage size aborted the process)', async t => {
	const {file} = await writtenIndex('hnsw');
	const poisoned = readFileSync(`${file}.faiss`);
	// HNSW layout: "IHNf", d (int32), then ntotal (int64).
	poisoned.writeBigUInt64LE(2n ** 39n, 8);
	writeFileSync(`${file}.faiss`, poisoned);
	const child = await readInChild(file);
	t.is(child.signal, undefined);
	t.like(child, {exitCode: 0, stdout: 'rejected'});
});

test('temporary files of an interrupted write are removed when the engine opens; the index files stay', async t => {
	const dataDir = path.join(temporaryDirectory(), 'data');
	const indexes = path.join(dataDir, 'indexes');
	mkdirSync(indexes, {recursive: true});
	const left = ['collection-1.4242.tmp', 'collection-1.4242.tmp.json', 'collection-1.4242.tmp.fifo', 'collection-2.17.tmp'];
	for (const name of [...left, 'collection-3.faiss', 'collection-3.json']) {
		writeFileSync(path.join(indexes, name), 'x');
	}

	const lines: string[] = [];
	const engine = openEmbeddedEngine({dataDir, log: line => lines.push(line)});
	t.deepEqual(readdirSync(indexes).sort(), ['collection-3.faiss', 'collection-3.json']);
	t.true(lines.some(line => line.startsWith('removed 4 temporary index files')));
	await engine.close();
	t.false(existsSync(path.join(indexes, 'collection-1.4242.tmp')));
});
