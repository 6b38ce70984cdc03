// A source's include/exclude globs come from the request that adds it, from an import (its export's header), and
// from storage (a source kept from before): each path meets the same automata and the same limits (issue 34 item 3).
import test from 'ava';
import {exportedSource} from '../../daemon/engine/export/export-format.js';
import {globFilters} from '../../daemon/engine/sources/path-filters.js';

const source = {path: '/data/notes', label: 'notes', include: [] as string[], exclude: [] as string[], ignore_files: true, hidden: false, watch: false};

test('[I34-3] an imported source whose glob is past the limits is refused naming the field and the rule', t => {
	const over = exportedSource.safeParse({...source, exclude: [`${'*a'.repeat(32)}*b`]});
	t.false(over.success);
	t.deepEqual(over.error?.issues.map(issue => [issue.path.join('.'), issue.message]), [['exclude', `"${'*a'.repeat(32)}*b": has 33 wildcards (*, **, ?, [...]); a glob has at most 32`]]);
	t.false(exportedSource.safeParse({...source, include: ['@(a|b).md']}).success, 'extglobs are refused on import too');
	t.true(exportedSource.safeParse({...source, exclude: [`${'*a'.repeat(31)}*b`]}).success, 'at the limit it is taken');
});

test('[I34-3] a source\'s backtracking exclude glob (stored or imported) decides each name in one pass', t => {
	const filters = globFilters({exclude: [`${'*a'.repeat(31)}*b`, `docs/${'*a'.repeat(30)}*b`]});
	const names = Array.from({length: 200}, (_, index) => `${'a'.repeat(250)}${index}.md`);
	t.false(names.some(name => filters.excludesFile(name) || filters.excludesFile(`docs/${name}`)));
	t.true(filters.excludesFile(`docs/${'a'.repeat(60)}b`), 'it still excludes what it names');
	t.true(filters.excludesFile(`x/${'a'.repeat(60)}b`), 'a glob without / matches the last name at any depth');
});

test('[I34-3] a stored glob the rules refuse stops the sync with why and the fix, not a crash', t => {
	t.throws(() => globFilters({include: ['+(a|b).md']}), {
		message: /^include\/exclude: "\+\(a\|b\)\.md": extglobs such as .* are not supported: write {a,b}; change the source's globs \(md-vector ingest-dir DIR --exclude \.\.\.\)$/,
	});
	t.throws(() => globFilters({exclude: [`${'?'.repeat(40)}`]}), {message: /^include\/exclude: .*has 40 wildcards/});
});
