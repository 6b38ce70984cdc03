/**
 * A query vector in pgvector's text form ('[0.1,0.2]'), for a statement that carries it as a literal (a float32
 * written as its shortest decimal and read back as float32 is the same number). Stored vectors travel in the
 * binary form (vector-binary.ts).
 */
export function vectorText(vector: Float32Array): string {
	return `[${vector.join(',')}]`;
}
