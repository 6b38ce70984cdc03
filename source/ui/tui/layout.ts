export type Pane = {readonly width: number; readonly height: number};

export type LayoutInput = {
	readonly columns: number;
	readonly rows: number;
	/** The collections pane as `c` left it; undefined: shown on wide terminals only. */
	readonly showCollections: boolean | undefined;
	/** Rows of the dialog under the panes (0: none). */
	readonly dialogRows: number;
	/** Rows of the status bar, its message line included. */
	readonly statusRows: number;
};

export type Layout = {
	/** Rows the whole frame takes. */
	readonly height: number;
	/** Rows of the panes (collections, results, preview) or of the help in their place. */
	readonly body: number;
	/** The collections pane, when it shows. */
	readonly collections: Pane | undefined;
	/** Results beside the preview (row) or above it (column). */
	readonly direction: 'row' | 'column';
	/** Lines per result: two (path, then the snippet) beside the preview, one above it. */
	readonly resultLines: 1 | 2;
	readonly results: Pane;
	readonly preview: Pane;
};

/** Below this width the collections pane starts hidden (`c` shows it): results and preview get the room. */
export const collectionsFrom = 140;
/** Results and preview side by side once they have this many columns together; else stacked. */
export const sideBySideFrom = 100;
export const headerRows = 3;

/**
 * Where everything goes. Every height is fixed here, so the frame is exactly `height` rows whatever a dialog
 * or a message adds: one row short of the terminal, because Ink clears the whole screen on every frame of a
 * full-height output.
 */
export function layoutFor({columns, rows, showCollections, dialogRows, statusRows}: LayoutInput): Layout {
	const height = Math.max(10, rows - 1);
	const body = Math.max(4, height - headerRows - statusRows - dialogRows);
	const shown = showCollections ?? columns >= collectionsFrom;
	const sideWidth = shown ? Math.min(30, Math.max(18, Math.floor(columns / 4))) : 0;
	const collections = shown ? {width: sideWidth, height: body} : undefined;
	const rest = columns - sideWidth;
	if (rest >= sideBySideFrom) {
		const resultsWidth = Math.floor(rest / 2);
		return {
			height, body, collections, direction: 'row', resultLines: 2,
			results: {width: resultsWidth, height: body}, preview: {width: rest - resultsWidth, height: body},
		};
	}

	const resultsHeight = Math.max(3, Math.floor(body * 0.45));
	return {
		height, body, collections, direction: 'column', resultLines: 1,
		results: {width: rest, height: resultsHeight}, preview: {width: rest, height: body - resultsHeight},
	};
}
