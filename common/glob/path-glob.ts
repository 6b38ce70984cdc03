// A folder source's --include/--exclude globs, over paths relative to the source (POSIX): `*` within a folder,
// `**` as a whole folder name across folders (`docs/**` is docs and all below it, `**/x.md` x.md at any depth),
// `?` one character, `[a-z]` and `[!a]` classes, `{a,b}` and `{1..3}` either (nested), `\` escapes, a leading
// `!` negates. Compiled to automata (glob-automaton.ts): no name makes one run long.
import {compileShape, type GlobShape, type GlobToken} from './glob-automaton.js';
import {expandBraces} from './brace-expansion.js';
import {isWholeGlobstar, isWildcard, pushSimple} from './glob-chars.js';
import {checkWildcards, GlobError} from './glob-limits.js';

/** One glob without braces as a shape: `**` whole folder names become any folders, optional where git's and picomatch's are. */
export function pathShape(source: string): GlobShape {
	// `**/**` is `**`: one stretch of any folders, not two that overlap.
	const glob = collapseGlobstars(source);
	const tokens: GlobToken[] = [];
	const optional: Array<[number, number]> = [];
	let index = 0;
	while (index < glob.length) {
		if (isWholeGlobstar(glob, index)) {
			const atEnd = index + 2 === glob.length;
			if (atEnd && index > 0) {
				// `x/**`: x itself, or anything below it: the '/' before is part of the optional stretch.
				tokens.pop();
				optional.push([tokens.length, tokens.length + 2]);
				tokens.push({kind: 'literal', char: 0x2F}, {kind: 'globstar'});
			} else if (atEnd) {
				tokens.push({kind: 'globstar'});
			} else {
				// `**/`: any folders, none included.
				optional.push([tokens.length, tokens.length + 2]);
				tokens.push({kind: 'globstar'}, {kind: 'literal', char: 0x2F});
				index++;
			}

			index += 2;
			continue;
		}

		index = pushSimple(glob, index, tokens);
	}

	return {tokens, optional};
}

// Whole-name `**` repeated (`a/**` then `/**` again) say no more than one: they are read as one.
export function collapseGlobstars(glob: string): string {
	return glob.replaceAll(/(^|\/)\*\*(?:\/\*\*)+(?=\/|$)/g, '$1**');
}

const extglob = /(?:^|[^\\])[@!+*?]\(/;

function compile(glob: string): {negated: boolean; shapes: GlobShape[]} {
	const negated = glob.startsWith('!') && !glob.startsWith('!(');
	const body = negated ? glob.slice(1) : glob;
	if (extglob.test(body)) {
		throw new GlobError(glob, 'extglobs such as @(a|b) are not supported: write {a,b}');
	}

	const shapes = expandBraces(body).map(one => pathShape(one));
	checkWildcards(glob, Math.max(0, ...shapes.map(shape => shape.tokens.filter(token => isWildcard(token)).length)));
	return {negated, shapes};
}

/** Throws GlobError (naming the rule) when the glob cannot be taken; how many globs it stands for otherwise. */
export function checkPathGlob(glob: string): number {
	return compile(glob).shapes.length;
}

/** The glob as a test of a whole path; throws GlobError past a limit or for syntax it does not take. */
export function pathGlobMatcher(glob: string): (path: string) => boolean {
	const {negated, shapes} = compile(glob);
	const matchers = shapes.map(shape => compileShape(shape));
	return path => matchers.some(matches => matches(path)) !== negated;
}
