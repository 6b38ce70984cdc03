import {closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statfsSync} from 'node:fs';
import {open, rename, rm, writeFile, type FileHandle} from 'node:fs/promises';
import path from 'node:path';
import {crc32} from 'node:zlib';
import faiss from 'faiss-node';
import {VectorIndex, type IndexKind} from './vector-index.js';
import {FlatIndex} from './flat-index.js';
import {hnswParameters, hnswSearchParameters} from './hnsw-file.js';
import {PipesUnavailable, writeThroughPipe, type Written} from './pipe-sink.js';

/** An index of either kind: exact (FlatIndex, no FAISS) or an HNSW graph (FAISS, VectorIndex). */
export type LiveIndex = FlatIndex | VectorIndex;

/** The first bytes of a flat index file: md-vector's own (float32 rows), not FAISS's. */
const flatMagic = 'MDVF';

type Sidecar = {
	readonly dims: number;
	readonly generation: number;
	/** Absent in files written before HNSW existed: flat. */
	readonly kind?: IndexKind;
	/** Rowid per faiss position; -1 marks an HNSW tombstone. */
	readonly rowids: number[];
	/** Size and CRC-32 of the .faiss file (absent before they were recorded: such a file is rebuilt). */
	readonly bytes?: number;
	readonly crc32?: number;
};

/**
 * An index on disk is two files: `<name>.faiss` (a FAISS HNSW graph, or for an exact index md-vector's own: `MDVF`,
 * then its float32 rows) and `<name>.json` (generation, rowids, the .faiss file's size and CRC-32). Both are written to temporary names and renamed, so a crash leaves the old pair or the new one; a pair
 * that does not match (or does not match the store's generation) is rejected by readIndex and rebuilt from the store.
 *
 * The index is taken as it is when the call is made (a copy of a flat index's rows; a graph serialized into a
 * pipe, pipe-sink.ts); writing and syncing the file go on asynchronously, so the index thread answers searches
 * meanwhile (a 62k graph held it 200-330 ms, a 50k flat index 90-210 ms). Calls that change the index may run
 * meanwhile too: the file holds the moment of the call.
 *
 * FAISS aborts the process when a write fails (disk full, read-only folder, EIO): it writes into a pipe here, and
 * the failure rejects the answer. A failed write leaves no temporary file behind.
 */
export async function writeIndex(file: string, index: LiveIndex, generation: number): Promise<void> {
	const directory = path.dirname(file);
	const temporary = `${file}.${process.pid}.tmp`;
	try {
		const taken = index instanceof FlatIndex ? writeFlat(temporary, index) : writeNative(temporary, index);
		const {rowids, written} = await taken;
		const sidecar: Sidecar = {dims: index.dims, generation, kind: index.kind, rowids, ...written};
		await writeFile(`${temporary}.json`, JSON.stringify(sidecar));
		await fsyncFile(`${temporary}.json`);
		await rename(temporary, `${file}.faiss`);
		await rename(`${temporary}.json`, `${file}.json`);
		await fsyncFile(directory);
	} catch (error) {
		await rm(temporary, {force: true});
		await rm(`${temporary}.json`, {force: true});
		throw error;
	}
}

/** What a write took from the index at its call: the rowids in file order, and the .faiss file it wrote. */
type Taken = {readonly rowids: number[]; readonly written: Written};

/** Bytes per write of a flat index's rows: the CRC-32 of each is computed between them, on this thread. */
const flatSliceBytes = 4 * 1024 * 1024;

/**
 * A flat index's rows as one file: the magic, then float32 values row after row. The rows are copied in the
 * call (about 30 ms for 50k x 384) and written from the copy.
 */
async function writeFlat(temporary: string, index: FlatIndex): Promise<Taken> {
	mkdirSync(path.dirname(temporary), {recursive: true});
	const rowids = index.ids;
	const values = new Float32Array(index.values);
	const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
	const magic = Buffer.from(flatMagic, 'latin1');
	const handle = await open(temporary, 'w');
	try {
		await writeAll(handle, magic);
		let value = crc32(magic);
		for (let start = 0; start < bytes.length; start += flatSliceBytes) {
			const part = bytes.subarray(start, Math.min(bytes.length, start + flatSliceBytes));
			value = crc32(part, value);
			await writeAll(handle, part);
		}

		await handle.sync();
		return {rowids, written: {bytes: magic.length + bytes.length, crc32: value}};
	} finally {
		await handle.close();
	}
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
	for (let offset = 0; offset < bytes.length;) {
		// A short write goes on where it stopped.
		offset += (await handle.write(bytes, offset, bytes.length - offset)).bytesWritten;
	}
}

async function writeNative(temporary: string, index: VectorIndex): Promise<Taken> {
	mkdirSync(path.dirname(temporary), {recursive: true});
	let rowids: number[] = [];
	try {
		const written = await writeThroughPipe(temporary, target => {
			rowids = [...index.ids]; // in the same moment as the graph
			index.native.write(target);
		});
		return {rowids, written};
	} catch (error) {
		if (!(error instanceof PipesUnavailable)) {
			throw error;
		}
	}

	// No FIFOs (Windows): a direct write, after making sure the disk has room for it.
	const needed = estimatedBytes(index);
	const {bavail, bsize} = statfsSync(path.dirname(temporary));
	if (bavail * bsize < needed) {
		throw new Error(`not enough free space for ${temporary}: about ${needed} bytes needed, ${bavail * bsize} free`);
	}

	closeSync(openSync(temporary, 'w')); // faiss aborts the process when write() cannot open its path
	rowids = [...index.ids];
	index.native.write(temporary);
	await fsyncFile(temporary);
	return {rowids, written: checksum(temporary)};
}

/** An upper bound of a written index's size: its vectors, plus for HNSW its links (2M on level 0, M above). */
function estimatedBytes(index: VectorIndex): number {
	const count = index.ids.length;
	const links = index.kind === 'hnsw' ? count * ((3 * hnswParameters.neighbors * 4) + 16) : 0;
	return (count * index.dims * 4) + links + (1024 * 1024);
}

/**
 * The index written for this generation, or undefined when it is missing, corrupt or stale; `onRejected` hears
 * why a file that is there was not used.
 */
export function readIndex(file: string, dims: number, generation: number, onRejected: (reason: string) => void = () => undefined): LiveIndex | undefined {
	if (!existsSync(`${file}.faiss`) || !existsSync(`${file}.json`)) {
		return undefined;
	}

	try {
		const sidecar = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Sidecar;
		if (sidecar.generation !== generation || sidecar.dims !== dims || !Array.isArray(sidecar.rowids)) {
			onRejected(`it was written for generation ${sidecar.generation} with ${sidecar.dims} dimensions; the store is at generation ${generation} with ${dims}`);
			return undefined;
		}

		// A damaged file (truncated, overwritten) can make FAISS allocate from garbage sizes and abort: checked first.
		const found = checksum(`${file}.faiss`);
		if (found.bytes !== sidecar.bytes || found.crc32 !== sidecar.crc32) {
			onRejected(sidecar.crc32 === undefined ? 'it has no checksum (written by an older version)' : `it is damaged (${found.bytes} bytes, CRC-32 ${found.crc32}; written: ${sidecar.bytes} bytes, CRC-32 ${sidecar.crc32})`);
			return undefined;
		}

		const kind = sidecar.kind ?? 'flat';
		if (kind === 'flat') {
			return readFlat(`${file}.faiss`, dims, sidecar.rowids, onRejected);
		}

		if (kind === 'hnsw') {
			const stored = hnswSearchParameters(`${file}.faiss`);
			if (stored.efSearch !== hnswParameters.efSearch || stored.efConstruction !== hnswParameters.efConstruction) {
				onRejected(`it was built with efConstruction ${stored.efConstruction} and efSearch ${stored.efSearch}`);
				return undefined; // built with other parameters: built again (the file is not patched, it may be read-only)
			}
		}

		const native = faiss.Index.read(`${file}.faiss`);
		if (native.getDimension() !== dims) {
			onRejected(`it holds vectors of ${native.getDimension()} dimensions, not ${dims}`);
			return undefined;
		}

		return VectorIndex.restore(native, sidecar.rowids, kind);
	} catch (error) {
		onRejected(error instanceof Error ? error.message : String(error));
		return undefined; // unreadable or inconsistent: the caller rebuilds from the store
	}
}

/** A flat index file read back (its checksum already checked); an older FAISS flat file is rebuilt instead. */
function readFlat(path: string, dims: number, rowids: readonly number[], onRejected: (reason: string) => void): FlatIndex | undefined {
	const bytes = readFileSync(path);
	if (bytes.subarray(0, 4).toString('latin1') !== flatMagic) {
		onRejected('it is a FAISS flat index of an older version (exact search is md-vector\'s own now)');
		return undefined;
	}

	if (bytes.length - 4 !== rowids.length * dims * 4) {
		onRejected(`it holds ${(bytes.length - 4) / 4} values, not ${rowids.length} vectors of ${dims} dimensions`);
		return undefined;
	}

	const values = new Float32Array(rowids.length * dims);
	new Uint8Array(values.buffer).set(bytes.subarray(4));
	const index = new FlatIndex(dims);
	index.addFlat(rowids, values);
	return index;
}

/** Size and CRC-32 of a file, read in slices (an index file may be larger than a comfortable buffer). */
function checksum(file: string): Written {
	const fd = openSync(file, 'r');
	try {
		const buffer = Buffer.alloc(1024 * 1024);
		let bytes = 0;
		let value = 0;
		for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
			value = crc32(buffer.subarray(0, read), value);
			bytes += read;
		}

		return {bytes, crc32: value};
	} finally {
		closeSync(fd);
	}
}

async function fsyncFile(file: string): Promise<void> {
	const handle = await open(file, 'r');
	try {
		await handle.sync();
	} finally {
		await handle.close();
	}
}
