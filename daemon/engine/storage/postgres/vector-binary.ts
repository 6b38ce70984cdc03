import type pg from 'pg';

/*
 * Vectors travel in pgvector's binary form (its vector_send and vector_recv): int16 dimensions, int16 unused,
 * then each float4, big-endian. Read and written as they are stored: no decimal text to print and parse (a
 * float32 printed as text took longer than the rest of a write), and exact by construction.
 */

/** The `vector` type's id in this database (binary arrays name their element type). */
export async function vectorTypeId(db: Pick<pg.ClientBase, 'query'>): Promise<number> {
	const {rows} = await db.query<{oid: number}>('SELECT \'vector\'::regtype::oid AS oid');
	return Number(rows[0]!.oid);
}

/**
 * A `vector[]` parameter in PostgreSQL's binary array form (one dimension, nulls allowed): bind it as
 * `$n::vector[]`; node-postgres sends a Buffer as binary.
 */
export function vectorArrayParameter(vectors: ReadonlyArray<Float32Array | undefined>, typeId: number): Buffer {
	const size = 20 + vectors.reduce((sum, vector) => sum + 4 + (vector ? 4 + (4 * vector.length) : 0), 0);
	const view = new DataView(new ArrayBuffer(size));
	let at = 0;
	const int32 = (value: number) => {
		view.setInt32(at, value);
		at += 4;
	};

	int32(1); // dimensions
	int32(vectors.some(vector => !vector) ? 1 : 0); // has nulls
	int32(typeId);
	int32(vectors.length);
	int32(1); // lower bound
	for (const vector of vectors) {
		if (!vector) {
			int32(-1);
			continue;
		}

		int32(4 + (4 * vector.length));
		view.setInt16(at, vector.length);
		view.setInt16(at + 2, 0);
		at += 4;
		for (const value of vector) {
			view.setFloat32(at, value);
			at += 4;
		}
	}

	return Buffer.from(view.buffer);
}

/** A vector read as `vector_send(embedding)` (bytea). */
export function parseVectorBinary(bytes: Buffer): Float32Array {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const vector = new Float32Array(view.getInt16(0));
	for (let index = 0; index < vector.length; index++) {
		vector[index] = view.getFloat32(4 + (4 * index));
	}

	return vector;
}
