// The reading side of pipe-sink.ts, kept between writes: for each write it is given, copies a FIFO into a file
// with blocking reads, then syncs the file after the native writer on the other side is done (its caller goes
// on meanwhile). A failed write (disk full, read-only) is recorded and the pipe is still drained to its end, so
// the native writer never fails.
import {closeSync, fsyncSync, openSync, readSync, writeSync} from 'node:fs';
import {parentPort} from 'node:worker_threads';
import {crc32} from 'node:zlib';
import type {SinkJob, SinkResult} from './pipe-sink.js';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

function readSome(fd: number, buffer: Buffer): number {
	for (;;) {
		try {
			return readSync(fd, buffer);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EINTR' && (error as NodeJS.ErrnoException).code !== 'EAGAIN') {
				throw error;
			}
		}
	}
}

/** Writes all of `bytes`; answers why it could not. */
function writeAll(out: number, bytes: Buffer): string | undefined {
	try {
		for (let offset = 0; offset < bytes.length;) {
			offset += writeSync(out, bytes, offset, bytes.length - offset);
		}

		return undefined;
	} catch (error) {
		return describe(error);
	}
}

/** 1: reading, the native writer may start; 2: it must not (nothing reads the pipe). */
function signalReading(shared: SharedArrayBuffer, value: 1 | 2): void {
	const reading = new Int32Array(shared);
	Atomics.store(reading, 0, value);
	Atomics.notify(reading, 0);
}

function drain({fifo, file, shared}: SinkJob): SinkResult {
	let input: number;
	try {
		input = openSync(fifo, 'r'); // does not block: the caller holds a write end open
	} catch (error) {
		signalReading(shared, 2);
		return {failure: describe(error), bytes: 0, crc32: 0};
	}

	let failure: string | undefined;
	let out: number | undefined;
	try {
		out = openSync(file, 'w', 0o600);
	} catch (error) {
		failure = describe(error);
	}

	signalReading(shared, 1);
	const buffer = Buffer.alloc(1024 * 1024); // one buffer, reused: fresh memory for every read cost page faults
	let bytes = 0;
	let checksum = 0;
	let open = true;
	try {
		for (let read = readSome(input, buffer); read > 0; read = readSome(input, buffer)) {
			bytes += read;
			checksum = crc32(buffer.subarray(0, read), checksum);
			if (out !== undefined && failure === undefined) {
				failure = writeAll(out, buffer.subarray(0, read)); // after a failure: keep reading, the writer must see its pipe take every byte
			}
		}

		closeSync(input);
		open = false;
		// The native side is done and its caller answers other calls: the sync holds up no one.
		if (out !== undefined && failure === undefined) {
			fsyncSync(out);
		}
	} catch (error) {
		failure ??= describe(error);
	} finally {
		if (out !== undefined) {
			closeSync(out);
		}

		if (open) {
			closeSync(input);
		}
	}

	return {failure, bytes, crc32: checksum};
}

parentPort!.on('message', (job: SinkJob) => {
	parentPort!.postMessage(drain(job));
});
