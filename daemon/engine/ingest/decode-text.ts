import {isUtf8} from 'node:buffer';
import {invalidInput} from '../errors.js';

const hex = (byte: number) => `0x${byte.toString(16).padStart(2, '0').toUpperCase()}`;

/**
 * The text of a Markdown file: UTF-8 (a byte-order mark is dropped), or UTF-16 with a byte-order mark,
 * converted. Anything else is refused with the byte offset where it stops being UTF-8, and so is text with a
 * NUL character: random bytes, Latin-1 (`Crème` read as `Cr�me`) or UTF-16 without a mark would otherwise be
 * indexed as garbage. The error (400 invalid_input) says why; `label` says what was read (a field, a path).
 */
export function decodeText(bytes: Uint8Array, label: string): string {
	const refuse = (problem: string) => invalidInput(`${label}: ${problem}`);
	if ((bytes[0] === 0xFF && bytes[1] === 0xFE) || (bytes[0] === 0xFE && bytes[1] === 0xFF)) {
		const encoding = bytes[0] === 0xFF ? 'utf-16le' : 'utf-16be';
		let text: string;
		try {
			text = new TextDecoder(encoding, {fatal: true}).decode(bytes.subarray(2));
		} catch {
			throw refuse(`starts with a ${encoding.toUpperCase()} byte-order mark but is not valid ${encoding.toUpperCase()} (an odd length or an unpaired surrogate)`);
		}

		const nul = text.indexOf('\0');
		if (nul !== -1) {
			throw refuse(`contains a NUL character (character ${nul} of the ${encoding.toUpperCase()} text); Markdown is text`);
		}

		return text;
	}

	const start = bytes[0] === 0xEF && bytes[1] === 0xBB && bytes[2] === 0xBF ? 3 : 0;
	const body = bytes.subarray(start);
	if (!isUtf8(body)) {
		const offset = start + firstInvalidUtf8(body);
		throw refuse(`is not UTF-8 text: byte ${hex(bytes[offset]!)} at offset ${offset} is not valid UTF-8 (save it as UTF-8, or as UTF-16 with a byte-order mark)`);
	}

	const nul = body.indexOf(0);
	if (nul !== -1) {
		throw refuse(`contains a NUL byte at offset ${start + nul}: a binary file, or UTF-16 without a byte-order mark; Markdown is text`);
	}

	return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
}

/** Offset of the first byte that does not start (or continue) a well-formed UTF-8 sequence (RFC 3629 table). */
function firstInvalidUtf8(bytes: Uint8Array): number {
	for (let at = 0; at < bytes.length;) {
		const lead = bytes[at]!;
		if (lead < 0x80) {
			at++;
			continue;
		}

		let length = 0;
		let low = 0x80;
		let high = 0xBF;
		if (lead >= 0xC2 && lead <= 0xDF) {
			length = 2;
		} else if (lead >= 0xE0 && lead <= 0xEF) {
			length = 3;
			low = lead === 0xE0 ? 0xA0 : 0x80; // no overlong forms
			high = lead === 0xED ? 0x9F : 0xBF; // no surrogates
		} else if (lead >= 0xF0 && lead <= 0xF4) {
			length = 4;
			low = lead === 0xF0 ? 0x90 : 0x80;
			high = lead === 0xF4 ? 0x8F : 0xBF; // nothing above U+10FFFF
		} else {
			return at;
		}

		for (let next = 1; next < length; next++) {
			const byte = bytes[at + next];
			const [min, max] = next === 1 ? [low, high] : [0x80, 0xBF];
			if (byte === undefined || byte < min || byte > max) {
				return at;
			}
		}

		at += length;
	}

	return bytes.length;
}
