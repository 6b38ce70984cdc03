import React from 'react';
import {Box, Text} from 'ink';
import {fitPath} from './fit-text.js';
import {hintsFor} from './keymap.js';

type Props = {
	/** The document's name in its collection. */
	readonly file: string;
	/** The collection it is deleted from. */
	readonly collection: string;
	/** Columns of the dialog. */
	readonly width: number;
};

/** Rows the dialog takes (layout.ts). */
export const confirmDeleteRows = 4;

/** Asks before a document is deleted; the keymap reads the answer (only `y` deletes). */
export function ConfirmDelete({file, collection, width}: Props) {
	return (
		<Box flexDirection='column' borderStyle='double' borderColor='red' paddingX={1} width={width} height={confirmDeleteRows} flexShrink={0} overflow='hidden'>
			<Text wrap='truncate-end'>Delete <Text bold>{fitPath(file, width - 11)}</Text></Text>
			<Text wrap='truncate-end'>and all its chunks from &apos;{collection}&apos;?  <Text bold color='red'>{hintsFor('delete')}</Text></Text>
		</Box>
	);
}
