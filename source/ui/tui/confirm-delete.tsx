import React from 'react';
import {Box, Text} from 'ink';
import {fitPath} from './fit-text.js';
import {hintsFor} from './keymap.js';

type Props = {
	/** The document's name in its collection. */
	readonly file: string;
	/** The collection it is deleted from. */
	readonly collection: string;
	/** The followed folder it is a file of, and its path there. */
	readonly source: {readonly folder: string; readonly relative: string} | undefined;
	/** Columns of the dialog. */
	readonly width: number;
};

/** Rows the dialog takes (layout.ts): two more for a file of a followed folder. */
export const confirmDeleteRows = (followed: boolean) => (followed ? 6 : 4);

/** Asks before a document is deleted; the keymap reads the answer (only `y` deletes). */
export function ConfirmDelete({file, collection, source, width}: Props) {
	return (
		<Box flexDirection='column' borderStyle='double' borderColor='red' paddingX={1} width={width} height={confirmDeleteRows(source !== undefined)} flexShrink={0} overflow='hidden'>
			<Text wrap='truncate-end'>Delete <Text bold>{fitPath(file, width - 11)}</Text></Text>
			<Text wrap='truncate-end'>and all its chunks from &apos;{collection}&apos;?  <Text bold color='red'>{hintsFor('delete')}</Text></Text>
			{source
				? (
					<>
						{/* Deleted from the index, not the folder: the sync that follows would bring it back unasked. */}
						<Text wrap='truncate-end' color='yellow'>The next sync of {fitPath(source.folder, width - 42)} indexes it again;</Text>
						<Text wrap='truncate-end' color='yellow'>to keep it out, add the line <Text bold>{fitPath(source.relative, width - 60)}</Text> to .mdvectorignore in that folder.</Text>
					</>
				)
				: null}
		</Box>
	);
}
