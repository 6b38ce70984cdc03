import {execFileSync} from 'node:child_process';
import {on} from 'node:events';
import {closeSync, constants, openSync, rmSync} from 'node:fs';
import {Worker} from 'node:worker_threads';

/** What went into the file: its size and CRC-32, recorded beside it so a damaged file is never handed to FAISS. */
export type Written = {readonly bytes: number; readonly crc32: number};

/** FIFOs cannot be made here (Windows, or no mkfifo): the caller writes directly after checking free space. */
export class PipesUnavailable extends Error {
	override name = 'PipesUnavailable';
}

/** A write as the sink worker (pipe-sink-worker.ts) is given it; `shared` carries the handshake (reading: slot 0). */
export type SinkJob = {readonly fifo: string; readonly file: string; readonly shared: SharedArrayBuffer};
/** How a write ended, posted by the worker once the file is synced (or failed). */
export type SinkResult = {readonly failure?: string; readonly bytes: number; readonly crc32: number};

/** The worker signals within this time that it reads, before any byte is written into the pipe. */
const startTimeoutMs = 30_000;
/** After the native write returned, the worker has the pipe's last bytes to write, and an fsync. */
const finishTimeoutMs = 300_000;
type Sink = {readonly worker: Worker; readonly results: AsyncIterator<[SinkResult]>};

/** A sink worker kept between writes, so a write does not wait for one to start. */
let idle: Sink | undefined;

function takeSink(): Sink {
	const taken = idle;
	idle = undefined;
	if (taken) {
		taken.worker.ref(); // while it writes: a thread awaiting its answer must not end before it
		return taken;
	}

	const worker = new Worker(new URL('pipe-sink-worker.js', import.meta.url));
	// Its results in order; its exit ends them, an error (a crash) rejects.
	const results = on(worker, 'message', {close: ['exit']}) as AsyncIterator<[SinkResult]>;
	return {worker, results};
}

function giveBack(sink: Sink): void {
	if (idle) {
		void sink.worker.terminate();
	} else {
		sink.worker.unref(); // idle, it keeps no thread alive
		idle = sink;
	}
}

/**
 * Runs `write(target)`, a native call (FAISS write_index) that aborts the whole process when a write fails,
 * with `target` a FIFO that a worker drains into `file`. The pipe takes every byte, so the native side cannot
 * fail: ENOSPC, EROFS or EIO happen in the worker's writes, in JavaScript, and the answer rejects with them.
 * The worker keeps draining after a failed write, so the native side never sees a broken pipe. `write` runs
 * within this call (what it captures beside the write is of the same moment); the file's own write and fsync
 * go on in the worker while this thread answers other calls.
 */
export async function writeThroughPipe(file: string, write: (target: string) => void): Promise<Written> {
	const fifo = `${file}.fifo`;
	rmSync(fifo, {force: true});
	makeFifo(fifo);
	let sink: Sink | undefined;
	let healthy = false;
	try {
		// A reader first (without blocking), then a write end of our own: with both, neither the worker's blocking
		// open for reading nor the native fopen blocks, and the worker does not see the end of the data before the
		// native side has written it all (ours is closed after the native write returns).
		const opening = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
		const keepOpen = openSync(fifo, constants.O_WRONLY);
		const shared = new SharedArrayBuffer(4);
		const reading = new Int32Array(shared);
		sink = takeSink();
		const job: SinkJob = {fifo, file, shared};
		sink.worker.postMessage(job);
		// Synchronous: `write` must run in this call. A kept worker answers at once; a new one once it has loaded.
		const started = Atomics.wait(reading, 0, 0, startTimeoutMs);
		closeSync(opening);
		if (started === 'timed-out' || reading[0] !== 1) {
			closeSync(keepOpen);
			const why = started === 'timed-out' ? '' : `: ${(await sink.results.next()).value?.[0]?.failure ?? 'it could not open the pipe'}`;
			throw new Error(`writing ${file}: the file writer thread did not start${why}`);
		}

		let failure: Error | undefined;
		try {
			write(fifo);
		} catch (error) {
			failure = error as Error; // thrown by faiss-node's argument checks: an Error
		} finally {
			closeSync(keepOpen);
		}

		const finished = await within(sink.results.next(), finishTimeoutMs, `writing ${file}: the file writer thread did not finish`);
		if (finished.done) {
			throw new Error(`writing ${file}: the file writer thread ended without an answer`);
		}

		healthy = true;
		const [result] = finished.value;
		if (failure !== undefined) {
			throw failure;
		}

		if (result.failure !== undefined) {
			throw new Error(`writing ${file}: ${result.failure}`);
		}

		return {bytes: result.bytes, crc32: result.crc32};
	} finally {
		if (sink) {
			if (healthy) {
				giveBack(sink);
			} else {
				void sink.worker.terminate();
			}
		}

		rmSync(fifo, {force: true});
	}
}

async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	try {
		return await Promise.race([promise, new Promise<never>((_, reject) => {
			timer = setTimeout(() => {
				reject(new Error(message));
			}, ms);
		})]);
	} finally {
		clearTimeout(timer);
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
