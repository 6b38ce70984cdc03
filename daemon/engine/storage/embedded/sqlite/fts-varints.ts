/**
 * The numbers of FTS5's records (its averages record, its structure record) are SQLite varints: 7 bits a byte, most
 * significant first, the high bit set on every byte but the last; the ninth byte gives all 8 of its bits.
 */

/** The varint at `at`: its value, the bytes it took, and whether it ended before the bytes did (else: cut short). */
export function varintAt(bytes: Uint8Array, at: number): {value: number; length: number; complete: boolean} {
	let value = 0;
	for (let index = 0; index < 9 && at + index < bytes.length; index++) {
		const byte = bytes[at + index]!;
		if (index === 8) {
			return {value: (value * 256) + byte, length: 9, complete: true};
		}

		value = (value * 128) + (byte & 0x7F);
		if (byte < 0x80) {
			return {value, length: index + 1, complete: true};
		}
	}

	return {value, length: Math.max(0, Math.min(9, bytes.length - at)), complete: false};
}

/** Every varint of a record, in order (a last one cut short counts as read so far). */
export function readVarints(bytes: Uint8Array): number[] {
	const values: number[] = [];
	for (let at = 0; at < bytes.length;) {
		const {value, length} = varintAt(bytes, at);
		values.push(value);
		at += length;
	}

	return values;
}
