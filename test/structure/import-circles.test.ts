// No module of common/, daemon/ or source/ imports itself through others (type imports included): a circle
// means two files that are one responsibility, or a type kept in the wrong one (issue 39).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {repoRoot} from '../helpers/paths.js';
import {repoFiles} from './repo-files.js';

const sources = repoFiles().filter(file => /^(?:common|daemon|source)\/.*\.tsx?$/.test(file));
const known = new Set(sources);

/** Each file's relative imports and re-exports, resolved to the source files they name. */
function importGraph(): Map<string, string[]> {
	return new Map(sources.map(file => {
		const text = readFileSync(path.join(repoRoot, file), 'utf8');
		const targets = [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms)].flatMap(([, specifier]) => {
			const base = path.posix.join(path.posix.dirname(file), specifier!.replace(/\.js$/, ''));
			return [`${base}.ts`, `${base}.tsx`].filter(candidate => known.has(candidate));
		});
		return [file, targets];
	}));
}

/** Strongly connected components of more than one file (Tarjan), each a circle of imports. */
function circles(graph: Map<string, string[]>): string[][] {
	const order = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const found: string[][] = [];
	const visit = (file: string) => {
		order.set(file, order.size);
		low.set(file, order.get(file)!);
		stack.push(file);
		for (const target of graph.get(file) ?? []) {
			if (!order.has(target)) {
				visit(target);
				low.set(file, Math.min(low.get(file)!, low.get(target)!));
			} else if (stack.includes(target)) {
				low.set(file, Math.min(low.get(file)!, order.get(target)!));
			}
		}

		if (low.get(file) === order.get(file)) {
			const component = stack.splice(stack.indexOf(file));
			if (component.length > 1) {
				found.push(component.sort());
			}
		}
	};

	for (const file of graph.keys()) {
		if (!order.has(file)) {
			visit(file);
		}
	}

	return found;
}

test('the import graph of common/, daemon/ and source/ has no circle', t => {
	const graph = importGraph();
	t.true(graph.size > 300, `only ${graph.size} source files found`);
	t.true([...graph.values()].flat().length > 1000, 'the imports were not read');
	t.deepEqual(circles(graph), []);
});

test('a circle is found when there is one', t => {
	t.deepEqual(circles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]])), [['a.ts', 'b.ts', 'c.ts']]);
});
