import {colourEnabled, makeStyle, type Style} from './style.js';

/** A command's streams: results on stdout, everything for a person (notices, progress, errors) on stderr. */
export type Io = {
	/** Writes to stdout as it is (results, JSON). */
	readonly out: (text: string) => void;
	/** Writes a line for the user to stderr. */
	readonly note: (line: string) => void;
	/** stdout is a terminal: live progress and lines wrapped to its width; otherwise nothing is ever wrapped. */
	readonly interactive: boolean;
	/** The terminal's width; undefined when stdout is not a terminal. */
	readonly columns: number | undefined;
	/** Colours for stdout. */
	readonly style: Style;
	/** Colours for stderr (it may be a terminal while stdout is piped). */
	readonly errorStyle: Style;
};

export function processIo(): Io {
	const {stdout, stderr} = process;
	return {
		out(text) {
			stdout.write(text);
		},
		note(line) {
			stderr.write(`${line}\n`);
		},
		interactive: Boolean(stdout.isTTY),
		columns: stdout.isTTY ? stdout.columns : undefined,
		style: makeStyle(colourEnabled(stdout)),
		errorStyle: makeStyle(colourEnabled(stderr)),
	};
}
