/**
 * Vectors travel as pgvector's text form ('[0.1,0.2]'). A float32 written as its shortest decimal and read
 * back as float32 is the same number, so a vector round-trips exactly.
 */
export function vectorText(vector: Float32Array): string {
	return `[${vector.join(',')}]`;
}

export function parseVector(text: string): Float32Array {
	return Float32Array.from(text.slice(1, -1).split(','), Number);
}
