/** Vectors are stored as little-endian float32 BLOBs (x86 and ARM are both little-endian). */
export function encodeVector(vector: Float32Array): Buffer {
	return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function decodeVector(blob: Uint8Array): Float32Array {
	// Copy: better-sqlite3 hands out a Buffer that may not be 4-byte aligned.
	const copy = new Uint8Array(blob.byteLength);
	copy.set(blob);
	return new Float32Array(copy.buffer);
}
