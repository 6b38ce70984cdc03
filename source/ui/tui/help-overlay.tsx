import React from 'react';
import {Box, Text} from 'ink';
import {helpRows} from './help-rows.js';
import {keymap, type Binding} from './keymap.js';

type Props = {
	/** Columns of the overlay. */
	readonly width: number;
	/** Rows of the overlay, border included. */
	readonly height: number;
	/** First row shown (↑ ↓ scroll when the rows do not all fit). */
	readonly offset: number;
	/** The table it lists (the app's keymap). */
	readonly bindings?: readonly Binding[];
};

/** Narrower columns would leave no room for what a key does. */
const columnWidthMin = 32;

/**
 * Each column as wide as its rows need when they all fit; else the columns that need less than an even share keep
 * their need and the others share the rest (equal columns cut the left one's long lines while the right had room).
 */
function columnWidths(needs: readonly number[], room: number): number[] {
	const widths = needs.map(() => 0);
	let left = room;
	let open = needs.map((_, column) => column);
	while (open.length > 0) {
		const share = Math.floor(left / open.length);
		const fitting = open.filter(column => needs[column]! <= share);
		if (fitting.length === 0) {
			for (const column of open) {
				widths[column] = share;
			}

			break;
		}

		for (const column of fitting) {
			widths[column] = needs[column]!;
			left -= needs[column]!;
		}

		open = open.filter(column => needs[column]! > share);
	}

	return widths;
}

/** Every key of the panes, from the keymap table, in as many columns as fit; ↑ ↓ scroll what does not. */
export function HelpOverlay({width, height, offset, bindings = keymap}: Props) {
	const all = helpRows(bindings);
	const perColumn = Math.max(1, height - 3);
	const columns = Math.max(1, Math.min(Math.ceil(all.length / perColumn), Math.floor((width - 4) / columnWidthMin)));
	const capacity = columns * perColumn;
	const first = Math.min(offset, Math.max(0, all.length - capacity));
	const more = all.length - first - capacity;
	const rows = all.slice(first, first + (more > 0 ? capacity - 1 : capacity));
	const columnRows = Array.from({length: columns}, (_, column) => rows.slice(column * perColumn, (column + 1) * perColumn));
	// Keys as wide as the longest of their column: one-letter keys leave their column's room to what they do.
	const labelWidths = columnRows.map(list => Math.max(0, ...list.filter(row => !row.title).map(row => row.label.length)) + 2);
	const needs = columnRows.map((list, column) => Math.max(0, ...list.map(row => (row.title ? row.label.length : labelWidths[column]! + row.help.length) + 1)));
	const widths = columnWidths(needs, width - 4);
	return (
		<Box flexDirection='column' borderStyle='double' borderColor='cyan' paddingX={1} width={width} height={height} flexShrink={0} overflow='hidden'>
			<Text bold wrap='truncate-end'>md-vector keys <Text dimColor>(dialogs show their own; ↑ ↓ scroll, any other key closes this help)</Text></Text>
			<Box>
				{Array.from({length: columns}, (_, column) => (
					<Box key={column} flexDirection='column' width={widths[column]} flexShrink={0}>
						{columnRows[column]!.map(row => (row.title
							? <Text key={row.label} bold wrap='truncate-end'>{row.label}</Text>
							: <Text key={`${row.label} ${row.help}`} wrap='truncate-end'><Text color='cyan'>{row.label.padEnd(labelWidths[column]!)}</Text>{row.help}</Text>))}
						{more > 0 && column === columns - 1 ? <Text dimColor wrap='truncate-end'>… {more + 1} more (↓)</Text> : null}
					</Box>
				))}
			</Box>
		</Box>
	);
}
