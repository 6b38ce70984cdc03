import React from 'react';
import {Box, Text} from 'ink';
import {TextInput} from '@inkjs/ui';
import type {SearchMode} from '../../client/api-types.js';

type Props = {
	/** Called with the query on every keystroke. */
	readonly onChange: (query: string) => void;
	/** Whether typing goes here. */
	readonly focused: boolean;
	readonly mode: SearchMode;
	readonly topK: number;
	/** A search is on its way. */
	readonly loading: boolean;
};

/** The query line, with the mode and result count beside it. */
export function SearchBox({onChange, focused, mode, topK, loading}: Props) {
	return (
		<Box borderStyle="round" borderColor={focused ? 'cyan' : 'gray'} paddingX={1}>
			<Text bold>Search </Text>
			<Box flexGrow={1}>
				<TextInput isDisabled={!focused} placeholder="type to search (Esc: results, ?: help)" onChange={onChange}/>
			</Box>
			<Text dimColor>{loading ? '… ' : ''}{mode} · top {topK}</Text>
		</Box>
	);
}
