import React from 'react';
import {Box, Text} from 'ink';
import {keymap, type Binding} from './keymap.js';
import type {Scope} from './tui-state.js';

type Props = {
	/** Columns of the overlay. */
	readonly width: number;
	/** Rows of the overlay, border included. */
	readonly height: number;
	/** The table it lists (the app's keymap). */
	readonly bindings?: readonly Binding[];
};

type Row = {readonly label: string; readonly help: string; readonly title?: boolean};

const inSearch = (binding: Binding) => binding.when.includes('search');
const inLists = (binding: Binding) => (['results', 'collections'] as Scope[]).some(scope => binding.when.includes(scope));

/** The keymap's rows under two titles: keys of the search box, keys of the panes (dialogs show their own). */
export function helpRows(bindings: readonly Binding[]): Row[] {
	const section = (title: string, rows: readonly Binding[]): Row[] => [{label: title, help: '', title: true}, ...rows.map(({label, help}) => ({label, help}))];
	return [
		...section('In the search box', bindings.filter(binding => inSearch(binding) && !inLists(binding))),
		...section('In the results and collections', bindings.filter(binding => inLists(binding))),
	];
}

/** Every key of the panes, from the keymap table, flowed into as many columns as the rows need. */
export function HelpOverlay({width, height, bindings = keymap}: Props) {
	const rows = helpRows(bindings);
	const perColumn = Math.max(1, height - 4);
	const columns = Math.ceil(rows.length / perColumn);
	const columnWidth = Math.floor((width - 4) / columns);
	const labelWidth = Math.max(...rows.filter(row => !row.title).map(row => row.label.length)) + 2;
	return (
		<Box flexDirection='column' borderStyle='double' borderColor='cyan' paddingX={1} width={width} height={height} flexShrink={0} overflow='hidden'>
			<Text bold wrap='truncate-end'>md-vector keys <Text dimColor>(dialogs show their own; any key closes this help)</Text></Text>
			<Box>
				{Array.from({length: columns}, (_, column) => (
					<Box key={column} flexDirection='column' width={columnWidth} flexShrink={0}>
						{rows.slice(column * perColumn, (column + 1) * perColumn).map(row => (row.title
							? <Text key={row.label} bold wrap='truncate-end'>{row.label}</Text>
							: <Text key={`${row.label} ${row.help}`} wrap='truncate-end'><Text color='cyan'>{row.label.padEnd(labelWidth)}</Text>{row.help}</Text>))}
					</Box>
				))}
			</Box>
		</Box>
	);
}
