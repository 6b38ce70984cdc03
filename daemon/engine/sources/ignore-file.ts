// One folder's ignore rules (.gitignore and .mdvectorignore together) with git's semantics, matched without a
// pass over every rule per path: rules naming a file or folder outright, and `*.ext` / `name*` rules, are looked
// up by name; only the others (classes, several wildcards, paths with wildcards) are matched, each as an
// automaton (common/glob/), from the last rule back to the first that decides. Bounded in rules, so a huge
// ignore file costs its folder's sync a clear error, not the daemon minutes (issue 34: 40,000 rules x 300 files
// froze /health 12 s per sync).
import {compileShape, type GlobShape, type GlobToken} from '../../../common/glob/glob-automaton.js';
import {isWholeGlobstar, pushSimple} from '../../../common/glob/glob-chars.js';
import {checkWildcards, GlobError} from '../../../common/glob/glob-limits.js';
import {collapseGlobstars} from '../../../common/glob/path-glob.js';
import {invalidInput} from '../errors.js';

export const ignoreFileLimits = {
	/** Bytes of one ignore file (git's own are a few KB). */
	bytes: 1024 * 1024,
	/** Rules of one folder (its .gitignore and .mdvectorignore together). */
	rules: 10_000,
	/** Of those, rules that are matched one by one (not a name, `*.ext` or `name*`). */
	matched: 500,
} as const;

type Rule = {
	readonly index: number;
	readonly negated: boolean;
	readonly directoryOnly: boolean;
	/** Matched against the whole path from the folder (it has a '/'), else against the last name. */
	readonly anchored: boolean;
	readonly test: (text: string) => boolean;
};

type Parsed = {readonly negated: boolean; readonly directoryOnly: boolean; readonly anchored: boolean; readonly body: string};

/** A line of an ignore file as git reads it; undefined for blank lines and comments. */
function parseLine(raw: string): Parsed | undefined {
	let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
	// Trailing spaces go unless escaped.
	let end = line.length;
	while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') {
		end--;
	}

	line = line.slice(0, end);
	if (line === '' || line.startsWith('#')) {
		return undefined;
	}

	const negated = line.startsWith('!');
	let body = negated ? line.slice(1) : line;
	if (body.startsWith(String.raw`\!`) || body.startsWith(String.raw`\#`)) {
		body = body.slice(1);
	}

	const directoryOnly = body.endsWith('/') && !body.endsWith(String.raw`\/`);
	body = directoryOnly ? body.slice(0, -1) : body;
	if (body === '') {
		return undefined;
	}

	// `**/name` is name at any depth: the same as a rule without a '/'.
	while (body.startsWith('**/') && !body.slice(3).includes('/') && body.length > 3) {
		body = body.slice(3);
	}

	const anchored = body.includes('/');
	return {negated, directoryOnly, anchored, body: anchored && body.startsWith('/') ? body.slice(1) : body};
}

/** A rule's body as a shape: `**` whole folder names as git has them, everything else as in a name. */
function shapeOf(rule: string): GlobShape {
	const body = collapseGlobstars(rule);
	const tokens: GlobToken[] = [];
	const optional: Array<[number, number]> = [];
	let index = 0;
	while (index < body.length) {
		if (isWholeGlobstar(body, index)) {
			if (index + 2 === body.length) {
				tokens.push({kind: 'globstar'}); // `x/**`: everything inside x (x itself is not matched)
				index += 2;
			} else {
				optional.push([tokens.length, tokens.length + 2]); // `**/`: any folders, none included
				tokens.push({kind: 'globstar'}, {kind: 'literal', char: 0x2F});
				index += 3;
			}

			continue;
		}

		index = pushSimple(body, index, tokens);
	}

	return {tokens, optional};
}

/**
 * What a body is, when it can be looked up instead of matched: a name or path, or a name's `*suffix` or
 * `prefix*` (not a path's: a '*' there must not take a '/').
 */
function lookupOf(body: string, anchored: boolean): {kind: 'exact' | 'suffix' | 'prefix'; text: string} | undefined {
	const special = /[*?[\\]/;
	if (!special.test(body)) {
		return {kind: 'exact', text: body};
	}

	if (anchored) {
		return undefined;
	}

	if (body.startsWith('*') && !special.test(body.slice(1)) && body.length > 1) {
		return {kind: 'suffix', text: body.slice(1)};
	}

	if (body.endsWith('*') && !special.test(body.slice(0, -1)) && body.length > 1) {
		return {kind: 'prefix', text: body.slice(0, -1)};
	}

	return undefined;
}

class Lookup {
	private readonly byText = new Map<string, number[]>();
	private readonly lengths = new Set<number>();

	add(text: string, index: number): void {
		const indexes = this.byText.get(text);
		if (indexes) {
			indexes.push(index);
		} else {
			this.byText.set(text, [index]);
		}

		this.lengths.add(text.length);
	}

	/** Rule indexes whose text is `text` itself, its suffix or its prefix (by `part`). */
	* indexes(text: string, part: 'exact' | 'suffix' | 'prefix'): Generator<number> {
		if (part === 'exact') {
			yield * this.byText.get(text) ?? [];
			return;
		}

		for (const length of this.lengths) {
			if (length <= text.length) {
				yield * this.byText.get(part === 'suffix' ? text.slice(text.length - length) : text.slice(0, length)) ?? [];
			}
		}
	}
}

/** `.gitignore` and `.mdvectorignore` of one folder: the last rule that matches a path decides. */
export class IgnoreFile {
	private readonly rules: Rule[] = [];
	private readonly lookups = {
		name: {exact: new Lookup(), suffix: new Lookup(), prefix: new Lookup()},
		path: {exact: new Lookup()},
	};

	/** Rules matched one by one, in order. */
	private readonly matched: Rule[] = [];

	/** `where` names the files in errors. Throws an invalid-input error past ignoreFileLimits. */
	constructor(text: string, where: string) {
		const lines = text.split('\n');
		for (const line of lines) {
			const parsed = parseLine(line);
			if (!parsed) {
				continue;
			}

			if (this.rules.length >= ignoreFileLimits.rules) {
				throw invalidInput(`${where}: more than ${ignoreFileLimits.rules.toLocaleString('en-US')} rules; shorten it (or sync with --no-ignore)`);
			}

			this.add(parsed, where);
		}
	}

	get size(): number {
		return this.rules.length;
	}

	private add(parsed: Parsed, where: string): void {
		const index = this.rules.length;
		const lookup = lookupOf(parsed.body, parsed.anchored);
		let test: (text: string) => boolean = () => false;
		if (lookup) {
			(parsed.anchored ? this.lookups.path.exact : this.lookups.name[lookup.kind]).add(lookup.text, index);
		} else {
			const shape = shapeOf(parsed.body);
			try {
				checkWildcards(parsed.body, shape.tokens.filter(token => token.kind !== 'literal').length);
			} catch (error) {
				throw error instanceof GlobError ? invalidInput(`${where}: rule ${error.message}`) : error;
			}

			if (this.matched.length >= ignoreFileLimits.matched) {
				throw invalidInput(`${where}: more than ${ignoreFileLimits.matched} rules with wildcards other than *.ext or name*; shorten it (or sync with --no-ignore)`);
			}

			test = compileShape(shape);
		}

		const rule = {index, negated: parsed.negated, directoryOnly: parsed.directoryOnly, anchored: parsed.anchored, test};
		this.rules.push(rule);
		if (!lookup) {
			this.matched.push(rule);
		}
	}

	/** What these rules say of a path relative to their folder: ignored, re-included (`!rule`), or nothing. */
	decide(relative: string, isDirectory: boolean): 'ignored' | 'included' | undefined {
		const name = relative.slice(relative.lastIndexOf('/') + 1);
		let best = -1;
		const consider = (index: number) => {
			if (index > best && (isDirectory || !this.rules[index]!.directoryOnly)) {
				best = index;
			}
		};

		for (const part of ['exact', 'suffix', 'prefix'] as const) {
			for (const index of this.lookups.name[part].indexes(name, part)) {
				consider(index);
			}
		}

		for (const index of this.lookups.path.exact.indexes(relative, 'exact')) {
			consider(index);
		}

		for (let at = this.matched.length - 1; at >= 0; at--) {
			const rule = this.matched[at]!;
			if (rule.index <= best) {
				break;
			}

			if ((isDirectory || !rule.directoryOnly) && rule.test(rule.anchored ? relative : name)) {
				best = rule.index;
				break;
			}
		}

		return best === -1 ? undefined : (this.rules[best]!.negated ? 'included' : 'ignored');
	}
}
