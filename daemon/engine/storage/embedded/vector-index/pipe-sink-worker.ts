// The reading side of pipe-sink.ts: copies a FIFO into a file with blocking reads (this thread does nothing
// else). A failed write (disk full, read-only) is recorded and the pipe is still drained to its end, so the
// native writer on the other side never fails.
import {closeSync, fsyncSync, openSync, readSync, writeSync} from 'node:fs';
import {workerData} from 'node:worker_threads';
import {crc32} from 'node:zlib';

const {fifo, file, shared} = workerData as {fifo: string; file: string; shared: SharedArrayBuffer};
const state = new Int32Array(shared, 0, 4);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

function signal(slot: number, value: number): void {
	Atomics.store(state, slot, value);
	Atomics.notify(state, slot);
}

function report(failure: string | undefined, bytes: number, checksum: number): void {
	new Float64Array(shared, 16, 1)[0] = bytes;
	state[2] = checksum; // an Int32Array slot: stored modulo 2^32, read back with >>> 0
	if (failure !== undefined) {
		const message = new Uint8Array(shared, 24);
		const encoded = Buffer.from(failure).subarray(0, message.length);
		message.set(encoded);
		state[3] = encoded.length;
	}

	signal(0, failure === undefined ? 1 : 2);
}

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

function drain(input: number): void {
	let failure: string | undefined;
	let out: number | undefined;
	try {
		out = openSync(file, 'w', 0o600);
	} catch (error) {
		failure = describe(error);
	}

	signal(1, 1); // reading: the native writer may start
	const buffer = Buffer.alloc(1024 * 1024);
	let bytes = 0;
	let checksum = 0;
	try {
		for (let read = readSome(input, buffer); read > 0; read = readSome(input, buffer)) {
			bytes += read;
			checksum = crc32(buffer.subarray(0, read), checksum);
			if (out !== undefined && failure === undefined) {
				failure = writeAll(out, buffer.subarray(0, read)); // after a failure: keep reading, the writer must see its pipe take every byte
			}
		}

		if (out !== undefined && failure === undefined) {
			fsyncSync(out);
		}
	} catch (error) {
		failure ??= describe(error);
	} finally {
		if (out !== undefined) {
			closeSync(out);
		}

		closeSync(input);
	}

	report(failure, bytes, checksum);
}

let input: number | undefined;
try {
	input = openSync(fifo, 'r'); // does not block: the caller holds a write end open
} catch (error) {
	report(describe(error), 0, 0);
	signal(1, 2);
}

if (input !== undefined) {
	drain(input);
}
