import React from 'react';
import {Box, Text, useInput} from 'ink';

type Props = {
	readonly fileName: string;
	readonly collection: string;
	/** Called with true for y, false for anything else. */
	readonly onAnswer: (confirmed: boolean) => void;
};

/** Asks before a document is deleted: only `y` deletes. */
export function ConfirmDelete({fileName, collection, onAnswer}: Props) {
	useInput(input => {
		onAnswer(input.toLowerCase() === 'y');
	});
	return (
		<Box borderStyle="double" borderColor="red" paddingX={2}>
			<Text>Delete <Text bold>{fileName}</Text> and all its chunks from &apos;{collection}&apos;? <Text bold color="red">y</Text>/n</Text>
		</Box>
	);
}
