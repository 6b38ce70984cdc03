// Globs over stored document names (search's --path and filter.paths, get's PATTERN): `*` within a folder, `**`
// across folders (`**/` any folders, none included), `?` one character, `{a,b}` either (their parts literal),
// anything else itself. The same glob runs as an automaton here and on the embedded store (glob-automaton.ts),
// and as globPattern's regular expression on PostgreSQL (whose engine does not backtrack).
import {compileShape, type GlobShape, type GlobToken} from './glob-automaton.js';
import {checkAlternatives, checkWildcards} from './glob-limits.js';

type Part = GlobToken | {readonly kind: 'either'; readonly parts: readonly string[]} | {readonly kind: 'folders'};

function partsOf(glob: string): Part[] {
	const parts: Part[] = [];
	for (let index = 0; index < glob.length; index++) {
		const char = glob[index]!;
		if (char === '*' && glob[index + 1] === '*') {
			const folders = glob[index + 2] === '/';
			parts.push(folders ? {kind: 'folders'} : {kind: 'globstar'});
			index += folders ? 2 : 1;
		} else if (char === '*') {
			parts.push({kind: 'star'});
		} else if (char === '?') {
			parts.push({kind: 'one'});
		} else if (char === '{' && glob.indexOf('}', index) > index) {
			const end = glob.indexOf('}', index);
			parts.push({kind: 'either', parts: glob.slice(index + 1, end).split(',')});
			index = end;
		} else {
			const point = glob.codePointAt(index)!;
			parts.push({kind: 'literal', char: point});
			index += point > 0xFF_FF ? 1 : 0;
		}
	}

	return parts;
}

/** Throws GlobError when the glob is past a limit (glob-limits.ts); how many globs it stands for otherwise. */
export function checkNameGlob(glob: string): number {
	const parts = partsOf(glob);
	checkWildcards(glob, parts.filter(part => part.kind === 'star' || part.kind === 'globstar' || part.kind === 'folders' || part.kind === 'one').length);
	const counts = parts.flatMap(part => (part.kind === 'either' ? [part.parts.length] : []));
	checkAlternatives(glob, counts);
	return counts.reduce((product, count) => product * count, 1);
}

/** The glob's shapes, one per combination of its `{a,b}` alternatives. */
function shapesOf(glob: string): GlobShape[] {
	checkNameGlob(glob);
	let shapes: Array<{tokens: GlobToken[]; optional: Array<[number, number]>}> = [{tokens: [], optional: []}];
	for (const part of partsOf(glob)) {
		if (part.kind === 'either') {
			shapes = shapes.flatMap(shape => part.parts.map(text => ({tokens: [...shape.tokens, ...literals(text)], optional: [...shape.optional]})));
		} else if (part.kind === 'folders') {
			for (const shape of shapes) {
				// `**/`: (.*/)? — anything ending in '/', or nothing.
				shape.optional.push([shape.tokens.length, shape.tokens.length + 2]);
				shape.tokens.push({kind: 'globstar'}, {kind: 'literal', char: 0x2F});
			}
		} else {
			for (const shape of shapes) {
				shape.tokens.push(part);
			}
		}
	}

	return shapes;
}

function literals(text: string): GlobToken[] {
	return Array.from(text, char => ({kind: 'literal', char: char.codePointAt(0)!}));
}

/** The glob as a test of a whole name; throws GlobError past a limit. */
export function nameGlobMatcher(glob: string): (name: string) => boolean {
	const matchers = shapesOf(glob).map(shape => compileShape(shape));
	return matchers.length === 1 ? matchers[0]! : name => matchers.some(matches => matches(name));
}
