// One file over HTTP(S), bounded and checked as it arrives: never more bytes than the pinned size, a stall and an
// overall time limit, then its size and SHA-256 against the pins. A failure says what went wrong in a person's
// words (which URL, how far it got) and leaves the partial file for the caller's temporary folder to take away.
import {createHash} from 'node:crypto';
import {open} from 'node:fs/promises';

export type DownloadLimits = {
	/** No byte for this long fails the download (MD_VECTOR_DOWNLOAD_STALL_S). */
	readonly stallMs: number;
	/** The whole download may take this long (MD_VECTOR_DOWNLOAD_TIMEOUT_S). */
	readonly timeoutMs: number;
};

export type Expected = {readonly bytes: number; readonly sha256: string};

/** A download that failed; `unreachable` when nothing came from the server at all (the next source is tried the same). */
export class DownloadError extends Error {
	constructor(message: string, readonly unreachable = false) {
		super(message);
		this.name = 'DownloadError';
	}
}

/** "1.2 of 24.6 MB". */
const ofMegabytes = (done: number, total: number) => `${(done / 1_000_000).toFixed(1)} of ${(total / 1_000_000).toFixed(1)} MB`;

/** Why fetch failed, in a few words: the cause's code (ENOTFOUND, ECONNREFUSED) or message. */
function causeOf(error: unknown): string {
	const {cause} = (error as {cause?: {code?: string; message?: string}});
	return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** Fetches `url` into `file` (created), calling onBytes with the count so far. Throws DownloadError. */
export async function download(url: string, file: string, expected: Expected, options: {
	readonly limits: DownloadLimits; readonly signal?: AbortSignal; readonly onBytes?: (bytes: number) => void;
}): Promise<void> {
	const stall = new AbortController();
	const overall = AbortSignal.timeout(options.limits.timeoutMs);
	const signal = AbortSignal.any([stall.signal, overall, ...(options.signal ? [options.signal] : [])]);
	let timer = setTimeout(() => {
		stall.abort();
	}, options.limits.stallMs);
	let received = 0;
	const failure = (error: unknown): DownloadError => {
		if (options.signal?.aborted) {
			return new DownloadError('cancelled');
		}

		if (stall.signal.aborted) {
			return new DownloadError(`${url} stalled: nothing came for ${options.limits.stallMs / 1000} s after ${ofMegabytes(received, expected.bytes)} (MD_VECTOR_DOWNLOAD_STALL_S allows longer)`, received === 0);
		}

		if (overall.aborted) {
			return new DownloadError(`${url} took longer than ${options.limits.timeoutMs / 1000} s (${ofMegabytes(received, expected.bytes)}; MD_VECTOR_DOWNLOAD_TIMEOUT_S allows longer)`);
		}

		if (error instanceof DownloadError) {
			return error;
		}

		return received === 0
			? new DownloadError(`${new URL(url).host} is out of reach (${causeOf(error)})`, true)
			: new DownloadError(`${url} ended after ${ofMegabytes(received, expected.bytes)} (${causeOf(error)}): the connection was cut`);
	};

	const handle = await open(file, 'wx');
	try {
		const response = await fetch(url, {signal, redirect: 'follow'});
		if (!response.ok || !response.body) {
			await response.body?.cancel();
			throw new DownloadError(`${url} answered ${response.status} ${response.statusText}`);
		}

		const announced = response.headers.get('content-length');
		if (announced !== null && Number(announced) !== expected.bytes) {
			await response.body.cancel();
			throw new DownloadError(`${url} announces ${announced} bytes where the pinned file has ${expected.bytes}: another file than the one md-vector checked`);
		}

		const hash = createHash('sha256');
		for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
			clearTimeout(timer);
			timer = setTimeout(() => {
				stall.abort();
			}, options.limits.stallMs);
			received += chunk.byteLength;
			if (received > expected.bytes) {
				throw new DownloadError(`${url} sent more than the pinned ${expected.bytes} bytes: another file than the one md-vector checked`);
			}

			hash.update(chunk);
			await handle.write(chunk);
			options.onBytes?.(received);
		}

		if (received !== expected.bytes) {
			throw new DownloadError(`${url} ended after ${ofMegabytes(received, expected.bytes)}: the connection was cut`);
		}

		const sha256 = hash.digest('hex');
		if (sha256 !== expected.sha256) {
			throw new DownloadError(`${url} has SHA-256 ${sha256}, not the pinned ${expected.sha256}: another file than the one md-vector checked (a changed release, or a proxy's page)`);
		}
	} catch (error) {
		throw failure(error);
	} finally {
		clearTimeout(timer);
		await handle.close();
	}
}
