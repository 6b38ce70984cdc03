import React, {memo, useMemo} from 'react';
import {Box, Text} from 'ink';
import type {SearchResult} from '../../client/api-types.js';
import {cutLeft, fitPath} from './fit-text.js';
import {previewLines, previewTextRows} from './preview-lines.js';
import {readContext, type Context} from './read-context.js';

type Props = {
	/** The selected result, or undefined. */
	readonly hit: SearchResult | undefined;
	/** Columns of the pane, border included. */
	readonly width: number;
	/** Rows of the pane, border included. */
	readonly height: number;
	/** First text line shown (PgUp / PgDn scroll). */
	readonly offset: number;
	/** Lines of the source file around the chunk (tests pass their own). */
	readonly context?: (hit: SearchResult) => Context | undefined;
};

/**
 * The selected chunk, wrapped to the pane: file and line range (the path shortened so the file name stays),
 * the full heading path, then the text with a few lines of the file before and after it, dimmed.
 */
export const Preview = memo(({hit, width, height, offset, context = readContext}: Props) => {
	const inner = Math.max(1, width - 4);
	const lines = useMemo(() => (hit ? previewLines(hit, inner, context(hit)) : []), [hit, inner, context]);
	if (!hit) {
		return (
			<Box borderStyle='round' borderColor='gray' paddingX={1} width={width} height={height} flexShrink={0}>
				<Text dimColor wrap='truncate-end'>No result selected</Text>
			</Box>
		);
	}

	const rows = previewTextRows(height);
	const first = Math.min(offset, Math.max(0, lines.length - rows));
	const below = lines.length - first - rows;
	const shown = lines.slice(first, first + (below > 0 ? rows - 1 : rows));
	const range = `:${hit.start_line}-${hit.end_line}`;
	return (
		<Box flexDirection='column' borderStyle='round' borderColor='gray' paddingX={1} width={width} height={height} flexShrink={0} overflow='hidden'>
			<Text wrap='truncate-end'><Text bold color='cyan'>{fitPath(hit.source_file, inner - range.length)}</Text><Text dimColor>{range}</Text></Text>
			<Text wrap='truncate-end' color='magenta'>{cutLeft(hit.heading_path.join(' › ') || hit.section_title, inner)}</Text>
			{shown.map((line, index) => (
				// Lines have no identity but their place in the pane.
				<Text key={index} dimColor={line.around} wrap='truncate-end'>{line.text || ' '}</Text>
			))}
			{below > 0 ? <Text dimColor wrap='truncate-end'>{`… ${below + 1} more lines (PgDn)`}</Text> : null}
		</Box>
	);
});
