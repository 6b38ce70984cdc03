// A document's YAML front matter, read under limits checked before YAML builds anything: bytes, then (on the
// parser's tokens, walked without recursion) nesting depth and keys, then what it builds: aliases expanded at
// most yaml's default, no cycle, only values JSON can hold. A document past any of them fails alone, with why;
// syntax errors are not hostile and leave the document without fields, as before. Issue 34: 2,000 nested '['
// ended the daemon (out of memory compiling a regular expression deep in the stack); 68,322 keys took 69 s
// (yaml checks every key against every other); `a: &x [*x]` made a value JSON cannot write (a 500).
import {Composer, isAlias, isScalar, Parser, visit, type CST, type Document} from 'yaml';

export const frontMatterLimits = {
	/** Bytes between the fences. */
	bytes: 64 * 1024,
	/** Levels of lists and maps, the top one included. */
	depth: 16,
	/** Keys of all its maps together. */
	keys: 1000,
	/** Values once aliases are expanded (every string, number, list and map counts one). */
	values: 20_000,
} as const;

/** A document refused for its front matter: the message names the rule and the fix. */
export class FrontMatterError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'FrontMatterError';
	}
}

const fail = (message: string) => new FrontMatterError(`front matter: ${message}`);

type Entry = {readonly token: CST.Token; readonly depth: number};

/** Depth and keys on the parser's tokens, before anything is built (a stack, not recursion: any depth is safe). */
function checkShape(tokens: readonly CST.Token[]): void {
	const stack: Entry[] = tokens.map(token => ({token, depth: 0}));
	let keys = 0;
	while (stack.length > 0) {
		const {token, depth} = stack.pop()!;
		if (token.type === 'document') {
			if (token.value) {
				stack.push({token: token.value, depth});
			}

			continue;
		}

		if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') {
			continue;
		}

		const level = depth + 1;
		if (level > frontMatterLimits.depth) {
			throw fail(`nested more than ${frontMatterLimits.depth} levels deep; flatten it`);
		}

		const isMap = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
		for (const item of token.items) {
			if (isMap || ('sep' in item && item.sep?.some(sep => sep.type === 'map-value-ind'))) {
				keys++;
			}

			for (const child of [('key' in item ? item.key : undefined), item.value]) {
				if (child) {
					stack.push({token: child, depth: level});
				}
			}
		}

		if (keys > frontMatterLimits.keys) {
			throw fail(`more than ${frontMatterLimits.keys} keys; keep front matter to the fields a document needs`);
		}
	}
}

/** The fields as JSON will hold them: throws on a cycle, a value JSON cannot hold, or too many values. */
function checkValue(data: unknown): void {
	const stack: Array<{value: unknown; path: string; depth: number; ancestors: ReadonlySet<object>}> = [{value: data, path: '', depth: 0, ancestors: new Set()}];
	let values = 0;
	while (stack.length > 0) {
		const {value, path, depth, ancestors} = stack.pop()!;
		if (++values > frontMatterLimits.values) {
			throw fail(`more than ${frontMatterLimits.values.toLocaleString('en-US')} values once its aliases are expanded`);
		}

		const at = path === '' ? 'the top' : `field ${path}`;
		if (value === null || typeof value === 'string' || typeof value === 'boolean') {
			continue;
		}

		if (typeof value === 'number') {
			if (!Number.isFinite(value)) {
				throw fail(`${at} is ${String(value)}, which JSON cannot hold; quote it to keep it as text`);
			}

			continue;
		}

		const plain = Array.isArray(value) || (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype);
		if (!plain) {
			throw fail(`${at} is not a string, number, boolean, list or map (${typeof value === 'object' ? value.constructor?.name ?? 'object' : typeof value}); JSON cannot hold it`);
		}

		if (ancestors.has(value)) {
			throw fail(`${at} holds itself through an alias (a cycle); an alias must name a value defined before it, outside it`);
		}

		if (depth + 1 > frontMatterLimits.depth) {
			throw fail(`${at} is nested more than ${frontMatterLimits.depth} levels deep once its aliases are expanded`);
		}

		const inside = new Set(ancestors).add(value);
		for (const [key, child] of Object.entries(value)) {
			stack.push({value: child, path: Array.isArray(value) ? `${path}[${key}]` : (path === '' ? JSON.stringify(key) : `${path}.${JSON.stringify(key)}`), depth: depth + 1, ancestors: inside});
		}
	}
}

/** Whether a map of the document names a key twice (invalid YAML, as yaml's own check would say). */
function hasDuplicateKeys(document: Document.Parsed): boolean {
	let duplicate = false;
	visit(document, {
		Map(_, map) {
			const seen = new Set<unknown>();
			for (const pair of map.items) {
				const key = isScalar(pair.key) ? pair.key.value : pair.key;
				if (seen.has(key)) {
					duplicate = true;
					return visit.BREAK;
				}

				seen.add(key);
			}

			return undefined;
		},
	});
	return duplicate;
}

/**
 * The YAML between the fences as plain JSON-safe data; undefined when it is not valid YAML (the document keeps
 * no fields). Throws FrontMatterError for what no honest document needs.
 */
export function parseFrontMatter(text: string): unknown {
	const bytes = Buffer.byteLength(text);
	if (bytes > frontMatterLimits.bytes) {
		throw fail(`${Math.ceil(bytes / 1024)} KB; at most ${frontMatterLimits.bytes / 1024} KB`);
	}

	const tokens = [...new Parser().parse(text)];
	checkShape(tokens);
	// yaml's own check of unique keys compares every key with every other (1,000 keys: ~0.5 s): a set instead.
	const documents = [...new Composer({uniqueKeys: false, logLevel: 'error'}).compose(tokens)];
	const document = documents[0];
	if (!document || documents.length > 1 || document.errors.length > 0 || hasDuplicateKeys(document)) {
		return undefined;
	}

	if (isAlias(document.contents)) {
		return undefined; // the whole front matter an alias of nothing
	}

	let data: unknown;
	try {
		data = document.toJS({maxAliasCount: 100});
	} catch (error) {
		if (error instanceof ReferenceError) {
			throw fail(`${error.message}; use fewer aliases`);
		}

		return undefined;
	}

	checkValue(data);
	return data;
}
