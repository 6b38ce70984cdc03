import type {Expectation} from '../answer-rules.js';
import type {Request} from '../http.js';

/** One fuzzed request: sent with node:http, or as raw bytes, and checked by checkAnswer. */
export type FuzzCase = Expectation & {
	readonly request?: Request;
	readonly raw?: string | Buffer;
};

/** What the fuzzed daemon holds, so that valid requests can be made and mutated. */
export type FuzzContext = {
	/** A collection with documents (read by searches and reads, never deleted from). */
	readonly collection: string;
	readonly documents: readonly string[];
	/** An allowed root with Markdown files, and one that is not text. */
	readonly folder: string;
	readonly textFile: string;
	readonly binaryFile: string;
	/** A finished job. */
	readonly jobId: string;
	readonly modelId: string;
	readonly dims: number;
	readonly chunkerVersion: number;
};

/** A POST of a JSON body (or of a body given as it is) under /api/v1. */
export function post(path: string, body: unknown, headers?: Record<string, string>): Request {
	return {method: 'POST', path: `/api/v1${path}`, headers: headers ?? {'content-type': 'application/json'}, body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body)};
}
