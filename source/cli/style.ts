// Colours for one-shot output without chalk or Ink: SGR codes when the stream is a terminal and NO_COLOR is
// unset (https://no-color.org); FORCE_COLOR=0 turns them off and FORCE_COLOR=1..3 on, as chalk reads it.
export type Style = {
	readonly enabled: boolean;
	readonly bold: (text: string) => string;
	readonly dim: (text: string) => string;
	readonly red: (text: string) => string;
	readonly green: (text: string) => string;
	readonly yellow: (text: string) => string;
	readonly cyan: (text: string) => string;
	readonly magenta: (text: string) => string;
	/** A matched query term: coloured, or between ⟦ ⟧ without colour. */
	readonly match: (text: string) => string;
};

/** A match without colour: between marks no Markdown text uses, so `[links]` and `[x]` in a hit stay themselves. */
export function plainMark(text: string): string {
	return `⟦${text}⟧`;
}

export function colourEnabled(stream: {readonly isTTY?: boolean}, env: NodeJS.ProcessEnv = process.env): boolean {
	if (env.FORCE_COLOR !== undefined) {
		return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
	}

	return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
}

const sgr = (open: number, close: number, on: boolean) => (on ? (text: string) => `\u001B[${open}m${text}\u001B[${close}m` : (text: string) => text);

export function makeStyle(enabled: boolean): Style {
	const bold = sgr(1, 22, enabled);
	const yellow = sgr(33, 39, enabled);
	return {
		enabled,
		bold,
		dim: sgr(2, 22, enabled),
		red: sgr(31, 39, enabled),
		green: sgr(32, 39, enabled),
		yellow,
		cyan: sgr(36, 39, enabled),
		magenta: sgr(35, 39, enabled),
		match: enabled ? (text: string) => bold(yellow(text)) : plainMark,
	};
}
