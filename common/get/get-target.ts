/** What `md-vector get FILE[:LINE[:COUNT]]` asks for. */
export type GetTarget = {
	readonly file: string;
	/** First line wanted, 1-based; undefined: the whole document. */
	readonly line?: number;
	/** Lines wanted from `line` on; undefined: to the end. */
	readonly count?: number;
};

const suffix = /^(.+?):(\d+)(?::(\d+))?$/;

/**
 * Splits `notes/a.md:120:40` into the file, the first line and the line count (qmd's `get` syntax). Only a
 * trailing `:LINE` or `:LINE:COUNT` is a range; other colons stay part of the name (`10:30 meeting.md:5`).
 */
export function parseGetTarget(argument: string): GetTarget {
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
