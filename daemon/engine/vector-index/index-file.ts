import {closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import faiss from 'faiss-node';
import {VectorIndex, type IndexKind} from './vector-index.js';
import {setHnswSearchParameters} from './hnsw-file.js';

type Sidecar = {
	readonly dims: number;
	readonly generation: number;
	/** Absent in files written before HNSW existed: flat. */
	readonly kind?: IndexKind;
	/** Rowid per faiss position; -1 marks an HNSW tombstone. */
	readonly rowids: number[];
};

/**
 * An index on disk is two files: `<name>.faiss` and `<name>.json` (generation and rowids). Both are written
 * to temporary names and renamed, so a crash leaves the old pair or the new one; a pair that does not match
 * (or does not match the store's generation) is rejected by readIndex and rebuilt from the store.
 */
export function writeIndex(file: string, index: VectorIndex, generation: number): void {
	const directory = path.dirname(file);
	mkdirSync(directory, {recursive: true});
	const temporary = `${file}.${process.pid}.tmp`;
	// faiss aborts the process when write() cannot open its path: prove the path is writable first.
	closeSync(openSync(temporary, 'w'));
	index.native.write(temporary);
	fsyncFile(temporary);
	const sidecar: Sidecar = {dims: index.dims, generation, kind: index.kind, rowids: [...index.ids]};
	writeFileSync(`${temporary}.json`, JSON.stringify(sidecar));
	fsyncFile(`${temporary}.json`);
	renameSync(temporary, `${file}.faiss`);
	renameSync(`${temporary}.json`, `${file}.json`);
	fsyncFile(directory);
}

/**
 * The index written for this generation, or undefined when it is missing, corrupt or stale; `onRejected` hears
 * why a file that is there was not used.
 */
export function readIndex(file: string, dims: number, generation: number, onRejected: (reason: string) => void = () => undefined): VectorIndex | undefined {
	if (!existsSync(`${file}.faiss`) || !existsSync(`${file}.json`)) {
		return undefined;
	}

	try {
		const sidecar = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Sidecar;
		if (sidecar.generation !== generation || sidecar.dims !== dims || !Array.isArray(sidecar.rowids)) {
			onRejected(`it was written for generation ${sidecar.generation} with ${sidecar.dims} dimensions; the store is at generation ${generation} with ${dims}`);
			return undefined;
		}

		const kind = sidecar.kind ?? 'flat';
		if (kind === 'hnsw') {
			setHnswSearchParameters(`${file}.faiss`); // this version's search parameters, whatever wrote the file
		}

		const native = kind === 'hnsw' ? faiss.Index.read(`${file}.faiss`) : faiss.IndexFlatIP.read(`${file}.faiss`);
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

function fsyncFile(file: string): void {
	const fd = openSync(file, 'r');
	try {
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}
