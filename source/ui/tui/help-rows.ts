import type {Scope} from './tui-state.js';

/** What the help reads of a key binding (keymap.ts's Binding, which itself uses helpRows for the help's length). */
type Binding = {readonly when: readonly Scope[]; readonly label: string; readonly help: string};

/** A line of the help: a title, or a binding's keys and what they do. */
export type HelpRow = {readonly label: string; readonly help: string; readonly title?: boolean};

const inSearch = (binding: Binding) => binding.when.includes('search');
const inLists = (binding: Binding) => (['results', 'collections'] as Scope[]).some(scope => binding.when.includes(scope));

/** Words of the search box that filter rather than search (common/search/filter-words.ts), as --path and --where. */
const filterRows: HelpRow[] = [
	{label: 'Filter words', help: '', title: true},
	{label: 'path:GLOB', help: 'documents whose name matches (api/**)'},
	{label: 'KEY:VALUE', help: 'documents whose front matter has it'},
];

/** One row a label: the same keys doing one thing in the results and another in the collections pane are one line. */
function merged(bindings: readonly Binding[]): HelpRow[] {
	const rows = new Map<string, string[]>();
	for (const {label, help} of bindings) {
		rows.set(label, [...rows.get(label) ?? [], help]);
	}

	return [...rows].map(([label, helps]) => ({label, help: helps.join('; ')}));
}

/** The keymap's rows under two titles: keys of the search box, keys of the panes (dialogs show their own). */
export function helpRows(bindings: readonly Binding[]): HelpRow[] {
	const section = (title: string, rows: readonly Binding[]): HelpRow[] => [{label: title, help: '', title: true}, ...merged(rows)];
	return [
		...section('In the search box', bindings.filter(binding => inSearch(binding) && !inLists(binding))),
		...filterRows,
		...section('In the results and collections', bindings.filter(binding => inLists(binding))),
	];
}
