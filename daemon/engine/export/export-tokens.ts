import {StringDecoder} from 'node:string_decoder';
import {jsonParser, type Token} from 'stream-json/core/parser.js';
import {getManyValues, isMany, none, type Many} from 'stream-chain/defs.js';
import {EngineError, invalidInput} from '../errors.js';
import {formatSize} from './bounded-value.js';

/** The tokens of one piece of the body, and the line (1-based) the piece is on. */
export type TokenPiece = {readonly tokens: readonly Token[]; readonly line: number};

const isBlank = (code: number) => code === 0x20 || code === 0x09 || code === 0x0D;

/**
 * A JSON or JSON-lines body as stream-json's tokens (keys, strings and numbers streamed in pieces), a line at a
 * time so that every token knows its line. Linear in the body whatever its shape: lines are found with indexOf,
 * blank ones are counted without being parsed, and a line longer than a piece of the input is fed as it
 * arrives (nothing waits for its end). Past `limitBytes` it stops with 413.
 */
export async function * exportTokens(input: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, limitBytes: number): AsyncGenerator<TokenPiece> {
	const parse = jsonParser({packValues: false, streamValues: true, jsonStreaming: true});
	const decoder = new StringDecoder('utf8');
	let line = 1;
	let received = 0;
	// Whitespace right after whitespace changes no token: such blank pieces are skipped, not parsed.
	let afterBlank = true;
	const feed = (text: string | typeof none): Token[] => {
		try {
			const out = parse(text as string);
			return out === none ? [] : (isMany(out) ? getManyValues<Token>(out) : [out]);
		} catch (error) {
			throw invalidInput(`import: line ${line}: not valid JSON (${(error as Error).message.replace(/^Parser /, 'the parser ')})`);
		}
	};

	for await (const chunk of input) {
		received += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
		if (received > limitBytes) {
			throw new EngineError('payload_too_large', 413, `import: the body is larger than ${formatSize(limitBytes)}, the most an import may be`);
		}

		const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
		let from = 0;
		while (from < text.length) {
			const end = text.indexOf('\n', from);
			const stop = end === -1 ? text.length : end;
			let first = from;
			while (first < stop && isBlank(text.codePointAt(first)!)) {
				first++;
			}

			if (first < stop || !afterBlank) {
				const tokens = feed(text.slice(from, end === -1 ? stop : end + 1));
				afterBlank = end !== -1;
				if (tokens.length > 0) {
					yield {tokens, line};
				}
			}

			if (end === -1) {
				break;
			}

			line++;
			from = end + 1;
		}
	}

	const tail = decoder.end();
	const rest = [...(tail ? feed(tail) : []), ...feed(none)];
	if (rest.length > 0) {
		yield {tokens: rest, line};
	}
}
