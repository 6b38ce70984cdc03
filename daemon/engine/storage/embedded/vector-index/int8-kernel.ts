// The one hot loop of exact vector search (flat-index.ts): int8 vectors against an int16 query, dot products into
// an int32 array, 32 dimensions a step with WebAssembly SIMD (i32x4.dot_i16x8_s). Written here as the module's bytes,
// assembled from named instructions below (no build step, no native code): WebAssembly validates it when compiled.

const leb = (value: number): number[] => {
	const bytes: number[] = [];
	let rest = value >>> 0;
	do {
		let byte = rest & 0x7F;
		rest >>>= 7;
		if (rest !== 0) {
			byte |= 0x80;
		}

		bytes.push(byte);
	} while (rest !== 0);

	return bytes;
};

const signedLeb = (value: number): number[] => {
	const bytes: number[] = [];
	let rest = value;
	for (;;) {
		const byte = rest & 0x7F;
		rest >>= 7;
		if ((rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0)) {
			bytes.push(byte);
			return bytes;
		}

		bytes.push(byte | 0x80);
	}
};

const section = (id: number, bytes: readonly number[]) => [id, ...leb(bytes.length), ...bytes];
const vector = (items: ReadonlyArray<readonly number[]>) => [...leb(items.length), ...items.flat()];
const name = (text: string) => [...leb(text.length), ...Buffer.from(text, 'utf8')];
const i32 = 0x7F;
const v128 = 0x7B;

const get = (local: number) => [0x20, ...leb(local)];
const set = (local: number) => [0x21, ...leb(local)];
const tee = (local: number) => [0x22, ...leb(local)];
const constant = (value: number) => [0x41, ...signedLeb(value)];
const simd = (code: number, ...rest: number[]) => [0xFD, ...leb(code), ...rest];
const op = {
	add: [0x6A], sub: [0x6B], eqz: [0x45], ltU: [0x49], block: [0x02, 0x40], loop: [0x03, 0x40], end: [0x0B],
	br: (depth: number) => [0x0C, ...leb(depth)], brIf: (depth: number) => [0x0D, ...leb(depth)], store: [0x36, 2, 0],
	load: (offset: number) => simd(0x00, 4, ...leb(offset)), // v128.load, 16-byte aligned
	load8x8: (offset: number) => simd(0x01, 3, ...leb(offset)), // v128.load8x8_s: 8 int8 widened to i16x8
	dot: simd(0xBA), // i32x4.dot_i16x8_s
	addLanes: simd(0xAE), // i32x4.add
	lane: (index: number) => simd(0x1B, index), // i32x4.extract_lane
	zero: simd(0x0C, ...Array.from({length: 16}, () => 0)),
};

/**
 * dotI8(query, base, count, width, out): for each of `count` rows of `width` int8 values from `base`, the dot product
 * with the `width` int16 values at `query`, stored as an int32 at `out` (then out + 4, ...). `width` is a multiple
 * of 32; addresses are byte offsets, `query` 16-byte aligned. Two accumulators of four lanes each; every lane sums at
 * most width / 4 products of 127 × 32,767: no overflow below 2,000 dimensions.
 */
function dotI8Body(): number[] {
	const [query, base, count, width, out, rowEnd, cursor, even, odd] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
	const step = (accumulator: number, from: number, at: number) => [
		...get(accumulator), ...get(base), ...op.load8x8(from), ...get(cursor), ...op.load(at), ...op.dot, ...op.addLanes, ...set(accumulator),
	];
	const body = [
		...op.block, ...op.loop,
		...get(count), ...op.eqz, ...op.brIf(1),
		...op.zero, ...set(even), ...op.zero, ...set(odd),
		...get(base), ...get(width), ...op.add, ...set(rowEnd),
		...get(query), ...set(cursor),
		...op.loop,
		...step(even, 0, 0), ...step(odd, 8, 16), ...step(even, 16, 32), ...step(odd, 24, 48),
		...get(cursor), ...constant(64), ...op.add, ...set(cursor),
		...get(base), ...constant(32), ...op.add, ...tee(base), ...get(rowEnd), ...op.ltU, ...op.brIf(0),
		...op.end,
		...get(even), ...get(odd), ...op.addLanes, ...set(even),
		...get(out),
		...get(even), ...op.lane(0), ...get(even), ...op.lane(1), ...op.add, ...get(even), ...op.lane(2), ...get(even), ...op.lane(3), ...op.add, ...op.add,
		...op.store,
		...get(out), ...constant(4), ...op.add, ...set(out),
		...get(count), ...constant(1), ...op.sub, ...set(count),
		...op.br(0),
		...op.end, ...op.end, ...op.end,
	];
	return [...vector([[...leb(2), i32], [...leb(2), v128]]), ...body];
}

/** The module: imports its memory (env.memory), exports dotI8. */
function moduleBytes(): Uint8Array<ArrayBuffer> {
	const type = [0x60, ...vector([[i32], [i32], [i32], [i32], [i32]]), 0];
	const body = dotI8Body();
	return new Uint8Array([
		0x00, 0x61, 0x73, 0x6D, 1, 0, 0, 0,
		...section(1, vector([type])),
		...section(2, vector([[...name('env'), ...name('memory'), 2, 0, ...leb(1)]])),
		...section(3, vector([[0]])),
		...section(7, vector([[...name('dotI8'), 0, 0]])),
		...section(10, vector([[...leb(body.length), ...body]])),
	]);
}

export type DotI8 = (query: number, base: number, count: number, width: number, out: number) => void;

let compiled: WebAssembly.Module | null | undefined;

/** The kernel over `memory`, or undefined where WebAssembly SIMD is missing (then flat-index.ts loops in JavaScript). */
export function int8Kernel(memory: WebAssembly.Memory): DotI8 | undefined {
	if (compiled === undefined) {
		try {
			compiled = new WebAssembly.Module(moduleBytes());
		} catch {
			compiled = null;
		}
	}

	if (!compiled) {
		return undefined;
	}

	const instance = new WebAssembly.Instance(compiled, {env: {memory}});
	return instance.exports.dotI8 as DotI8;
}
