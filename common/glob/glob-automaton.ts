// A glob as a finite automaton run over a name's characters once, never backtracking: at worst a step of the
// automaton per character (the glob's length / 32 words), whatever the pattern; usually one table read per
// character. Regular expressions made from globs (`[^/]*a[^/]*a...`) backtrack: each extra `*a` multiplied the
// time by ~8 on a 60-character name (issue 34).

/** One position of a glob. `one`, `class` and `star` never match '/'. */
export type GlobToken
	= | {readonly kind: 'literal'; readonly char: number}
		| {readonly kind: 'one'}
		| {readonly kind: 'class'; readonly ranges: ReadonlyArray<readonly [number, number]>; readonly negated: boolean}
		| {readonly kind: 'star'}
		| {readonly kind: 'globstar'};

/** A glob without alternatives: its positions, and stretches [from, to) of them that may also match nothing. */
export type GlobShape = {readonly tokens: readonly GlobToken[]; readonly optional: ReadonlyArray<readonly [number, number]>};

const slash = 0x2F;

function consumes(token: Node, char: number): boolean {
	switch (token.kind) {
		case 'join': {
			return false;
		}

		case 'literal': {
			return token.char === char;
		}

		case 'globstar': {
			return true;
		}

		case 'class': {
			return char !== slash && token.ranges.some(([low, high]) => char >= low && char <= high) !== token.negated;
		}

		case 'one':
		case 'star': {
			return char !== slash;
		}
	}
}

type Node = GlobToken | {readonly kind: 'join'};

/**
 * The shape's nodes: its tokens, and after each optional stretch a node that takes no character, where passing
 * the stretch over lands (landing on a star's own state would let the star take characters it never reached).
 */
function nodesOf(shape: GlobShape): {nodes: Node[]; skips: Array<readonly [number, number]>} {
	const nodes: Node[] = [];
	const at: number[] = []; // token index -> node index
	const ends = new Map<number, number[]>(); // token index where stretches end -> their starts
	for (const [from, to] of shape.optional) {
		ends.set(to, [...(ends.get(to) ?? []), from]);
	}

	const skips: Array<readonly [number, number]> = [];
	for (let index = 0; index <= shape.tokens.length; index++) {
		for (const from of ends.get(index) ?? []) {
			nodes.push({kind: 'join'});
			skips.push([nodes.length - 1, nodes.length], [at[from]!, nodes.length]);
		}

		if (index < shape.tokens.length) {
			at[index] = nodes.length;
			nodes.push(shape.tokens[index]!);
		}
	}

	return {nodes, skips};
}

/** The automaton's steps on sets of states (a bit per state, in words of 32). */
type Steps = {
	readonly words: number;
	readonly start: Int32Array;
	/** The states after `char` from `set`, skips taken. */
	readonly step: (set: Int32Array, char: number) => Int32Array;
	readonly accepts: (set: Int32Array) => boolean;
};

/**
 * State i is "the first i nodes matched"; a character moves each state to the next when that node takes it
 * (`enter`), and keeps a star's state when the star takes it (`stay`); a star, a join and an optional stretch are
 * passed over without a character (skips, all forward, so one pass in order takes them all).
 */
function stepsOf(shape: GlobShape): Steps {
	const {nodes, skips} = nodesOf(shape);
	const states = nodes.length + 1;
	const words = Math.ceil(states / 32);
	for (const [index, node] of nodes.entries()) {
		if (node.kind === 'star' || node.kind === 'globstar') {
			skips.push([index, index + 1]);
		}
	}

	skips.sort((a, b) => a[0] - b[0]);
	const skipFrom = Int32Array.from(skips, ([from]) => from);
	const skipTo = Int32Array.from(skips, ([, to]) => to);
	// What each character does, a mask per word: enter (a node takes it) and stay (a star takes it again).
	const masks = new Map<number, Int32Array>();
	const masksOf = (char: number): Int32Array => {
		let found = masks.get(char);
		if (!found) {
			found = new Int32Array(2 * words);
			for (const [index, node] of nodes.entries()) {
				if (consumes(node, char)) {
					const bit = index + 1;
					found[bit >>> 5]! |= 1 << (bit & 31);
					if (node.kind === 'star' || node.kind === 'globstar') {
						found[words + (bit >>> 5)]! |= 1 << (bit & 31);
					}
				}
			}

			if (masks.size >= 1024) {
				masks.clear(); // names of many distinct characters: masks are cheap to make again
			}

			masks.set(char, found);
		}

		return found;
	};

	const close = (set: Int32Array) => {
		for (const [index, element] of skipFrom.entries()) {
			const from = element;
			if ((set[from >>> 5]! & (1 << (from & 31))) !== 0) {
				set[skipTo[index]! >>> 5]! |= 1 << (skipTo[index]! & 31);
			}
		}

		return set;
	};

	const start = new Int32Array(words);
	start[0] = 1;
	const last = states - 1;
	return {
		words,
		start: close(start),
		step(set, char) {
			const mask = masksOf(char);
			const next = new Int32Array(words);
			let carry = 0;
			for (let word = 0; word < words; word++) {
				const value = set[word]!;
				next[word] = (((value << 1) | carry) & mask[word]!) | (value & mask[words + word]!);
				carry = value >>> 31;
			}

			return close(next);
		},
		accepts: set => (set[last >>> 5]! & (1 << (last & 31))) !== 0,
	};
}

/** Distinct sets of states kept per glob (each a row of 128 entries, 256 bytes): past it the table starts over. */
const tableStates = 64;

/**
 * Whether a whole name matches the shape: the automaton's sets of states are made on first sight and kept as
 * the states of a table, one read per character after that (a lazily built DFA, as RE2 does); the table is
 * bounded, so a name that visits many sets costs a step of the automaton per character, never more.
 */
export function compileShape(shape: GlobShape): (name: string) => boolean {
	const steps = stepsOf(shape);
	let ids = new Map<string, number>();
	let sets: Int32Array[] = [];
	let ascii: Int16Array[] = [];
	let others: Array<Map<number, number>> = [];
	let accepting: boolean[] = [];
	const idOf = (set: Int32Array): number => {
		const key = set.join(',');
		let id = ids.get(key);
		if (id === undefined) {
			id = sets.length;
			ids.set(key, id);
			sets.push(set);
			ascii.push(new Int16Array(128).fill(-1));
			others.push(new Map());
			accepting.push(steps.accepts(set));
		}

		return id;
	};

	const reset = () => {
		ids = new Map();
		sets = [];
		ascii = [];
		others = [];
		accepting = [];
		idOf(new Int32Array(steps.words)); // 0: no state left
		idOf(steps.start); // 1
	};

	reset();
	return name => {
		let state = 1;
		for (let index = 0; index < name.length; index++) {
			// A code unit first (a surrogate pair's first half is read whole below): a table read per ASCII character.
			// eslint-disable-next-line unicorn/prefer-code-point
			let char = name.charCodeAt(index);
			if (char >= 0xD8_00 && char < 0xDC_00) {
				char = name.codePointAt(index)!;
				index += char > 0xFF_FF ? 1 : 0;
			}

			let next = char < 128 ? ascii[state]![char]! : (others[state]!.get(char) ?? -1);
			if (next < 0) {
				const set = steps.step(sets[state]!, char);
				if (sets.length >= tableStates) {
					reset(); // `state` is no row of the new table: this step is not kept
					next = idOf(set);
				} else {
					next = idOf(set);
					if (char < 128) {
						ascii[state]![char] = next;
					} else if (others[state]!.size < 1024) {
						others[state]!.set(char, next);
					}
				}
			}

			if (next === 0) {
				return false;
			}

			state = next;
		}

		return accepting[state]!;
	};
}
