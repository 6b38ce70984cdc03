import type {Readable} from 'node:stream';
import {StringDecoder} from 'node:string_decoder';
import {HttpError} from './http-error.js';

/** A request body as UTF-8 lines, as it arrives; past `limitBytes` it stops with 413. */
export async function * bodyLines(body: Readable, limitBytes: number): AsyncGenerator<string> {
	const decoder = new StringDecoder('utf8');
	let received = 0;
	let partial = '';
	for await (const chunk of body as AsyncIterable<Buffer>) {
		received += chunk.length;
		if (received > limitBytes) {
			throw new HttpError(413, 'payload_too_large', `request body is too large (an import may be at most ${limitBytes / 1024 / 1024} MB)`);
		}

		const lines = (partial + decoder.write(chunk)).split('\n');
		partial = lines.pop()!;
		yield * lines;
	}

	const last = partial + decoder.end();
	if (last !== '') {
		yield last;
	}
}
