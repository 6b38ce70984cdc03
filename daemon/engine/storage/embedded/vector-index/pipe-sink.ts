import {execFileSync} from 'node:child_process';
import {closeSync, constants, openSync, rmSync} from 'node:fs';
import {Worker} from 'node:worker_threads';

/** What went into the file: its size and CRC-32, recorded beside it so a damaged file is never handed to FAISS. */
export type Written = {readonly bytes: number; readonly crc32: number};

/** FIFOs cannot be made here (Windows, or no mkfifo): the caller writes directly after checking free space. */
export class PipesUnavailable extends Error {
	override name = 'PipesUnavailable';
}

const messageBytes = 1024;
/** The worker signals within this time that it reads, before any byte is written into the pipe. */
const startTimeoutMs = 30_000;
/** After the native write returned, the worker has only the pipe's last 64 KB and an fsync left. */
const finishTimeoutMs = 120_000;

/**
 * Runs `write(target)`, a native call (FAISS write_index) that aborts the whole process when a write fails,
 * with `target` a FIFO that a worker drains into `file`. The pipe takes every byte, so the native side cannot
 * fail: ENOSPC, EROFS or EIO happen in the worker's writes, in JavaScript, and are thrown here once the native
 * call returned. The worker keeps draining after a failed write, so the native side never sees a broken pipe.
 * Synchronous (Atomics.wait): the index thread still runs its calls one at a time.
 */
export function writeThroughPipe(file: string, write: (target: string) => void): Written {
	const fifo = `${file}.fifo`;
	rmSync(fifo, {force: true});
	makeFifo(fifo);
	try {
		// A reader first (without blocking), then a write end of our own: with both, neither the worker's blocking
		// open for reading nor the native fopen blocks, and the worker does not see the end of the data before the
		// native side has written it all (ours is closed after the native write returns).
		const opening = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
		const keepOpen = openSync(fifo, constants.O_WRONLY);
		const shared = new SharedArrayBuffer(24 + messageBytes);
		const state = new Int32Array(shared, 0, 4);
		const worker = new Worker(new URL('pipe-sink-worker.js', import.meta.url), {workerData: {fifo, file, shared}});
		const started = Atomics.wait(state, 1, 0, startTimeoutMs);
		closeSync(opening);
		if (started === 'timed-out' || state[1] !== 1) {
			closeSync(keepOpen);
			void worker.terminate();
			throw new Error(`writing ${file}: the file writer thread did not start${state[3] ? `: ${Buffer.from(new Uint8Array(shared, 24, state[3])).toString()}` : ''}`);
		}

		let failure: Error | undefined;
		try {
			write(fifo);
		} catch (error) {
			failure = error as Error; // thrown by faiss-node's argument checks: an Error
		} finally {
			closeSync(keepOpen);
		}

		if (Atomics.wait(state, 0, 0, finishTimeoutMs) === 'timed-out') {
			void worker.terminate();
			throw new Error(`writing ${file}: the file writer thread did not finish`);
		}

		if (failure !== undefined) {
			throw failure;
		}

		if (state[0] !== 1) {
			const message = Buffer.from(new Uint8Array(shared, 24, state[3])).toString();
			throw new Error(`writing ${file}: ${message}`);
		}

		return {bytes: new Float64Array(shared, 16, 1)[0]!, crc32: state[2]! >>> 0};
	} finally {
		rmSync(fifo, {force: true});
	}
}

function makeFifo(fifo: string): void {
	if (process.platform === 'win32') {
		throw new PipesUnavailable('no FIFOs on Windows');
	}

	try {
		execFileSync('mkfifo', ['-m', '600', fifo], {stdio: ['ignore', 'ignore', 'pipe']});
	} catch (error) {
		const failed = error as NodeJS.ErrnoException & {stderr?: Buffer};
		if (failed.code === 'ENOENT') {
			throw new PipesUnavailable('mkfifo is not installed');
		}

		const detail = failed.stderr?.toString().trim();
		throw new Error(`cannot make ${fifo}: ${detail === undefined || detail === '' ? failed.message : detail}`, {cause: error});
	}
}
