/** What `md-vector get FILE[:LINE[:COUNT]]` (or `FILE:START-END`) asks for. */
export type GetTarget = {
	readonly file: string;
	/** First line wanted, 1-based; undefined: the whole document. */
	readonly line?: number;
	/** Lines wanted from `line` on; undefined: to the end. */
	readonly count?: number;
};

const suffix = /^(.+?):(\d+)(?::(\d+))?$/;
const span = /^(.+?):(\d+)-(\d+)$/;

/**
 * Splits `notes/a.md:120:40` into the file, the first line and the line count (qmd's `get` syntax), and
 * `notes/a.md:120-159` (a search hit's lines, as its header prints them) into the file and that range. Only a
 * trailing `:LINE`, `:LINE:COUNT` or `:START-END` is a range; other colons stay part of the name (`10:30 meeting.md:5`).
 */
export function parseGetTarget(argument: string): GetTarget {
	const lines = span.exec(argument);
	if (lines) {
		const [, file, start, end] = lines;
		const first = positive('line', start).line!;
		const last = positive('line', end).line!;
		if (last < first) {
			throw new RangeError(`line: the range ${start}-${end} ends before it starts`);
		}

		return {file: file!, line: first, count: last - first + 1};
	}

	const match = suffix.exec(argument);
	if (!match) {
		if (argument.trim() === '') {
			throw new RangeError('file: must not be empty');
		}

		return {file: argument};
	}

	const [, file, line, count] = match;
	return {file: file!, ...positive('line', line), ...positive('count', count)};
}

function positive(field: 'line' | 'count', digits: string | undefined): Partial<Record<'line' | 'count', number>> {
	if (digits === undefined) {
		return {};
	}

	const value = Number(digits);
	if (!Number.isSafeInteger(value) || value < 1) {
		throw new RangeError(`${field}: must be a whole number of 1 or more (got ${digits})`);
	}

	return {[field]: value};
}
