import type {SearchResult} from '../../client/api-types.js';
import {wrapLines} from './fit-text.js';
import type {Context} from './read-context.js';

/** A line of the preview: the chunk's own, or the file's around it (dimmed). */
export type PreviewLine = {readonly text: string; readonly around: boolean};

/**
 * The chunk as terminal lines of `width` columns, wrapped, after up to `before` lines of the file above it and
 * followed by the lines below it (when the file is readable here).
 */
export function previewLines(hit: SearchResult, width: number, around: Context | undefined, before = 2): PreviewLine[] {
	const wrap = (lines: readonly string[], isAround: boolean) => lines.flatMap(line => wrapLines(line, width).map(text => ({text, around: isAround})));
	return [
		...wrap(around?.before.slice(-before) ?? [], true),
		...wrap(hit.content.split('\n'), false),
		...wrap(around?.after ?? [], true),
	];
}

/** Rows of text inside a preview pane of `height` rows: less its border and the file and heading lines. */
export function previewTextRows(height: number): number {
	return Math.max(1, height - 4);
}
