import React from 'react';
import {Box, Text} from 'ink';

type Props = {
	readonly fileName: string;
	readonly collection: string;
};

/** Asks before a document is deleted; the app reads the answer (only `y` deletes). */
export function ConfirmDelete({fileName, collection}: Props) {
	return (
		<Box borderStyle='double' borderColor='red' paddingX={2}>
			<Text>Delete <Text bold>{fileName}</Text> and all its chunks from &apos;{collection}&apos;? <Text bold color='red'>y</Text>/n</Text>
		</Box>
	);
}
