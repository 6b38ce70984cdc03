import {setImmediate as nextTurn} from 'node:timers/promises';

/** Elements written per turn of the event loop (a millisecond or two of work). */
const perTurn = 2000;

/**
 * An array parameter as PostgreSQL's array literal (`{1,2,NULL}`, `{"a","b\"c"}`), made a slice at a time with a
 * turn of the event loop between slices. node-postgres makes the same text from a JS array in one go: for an
 * import's group (30,000 postings in 8 arrays, quoting every element, numbers too) that held the daemon's thread
 * 50-90 ms at a time, and searches waited (bench/RESULTS.md, issue 37). Bind it as `$n::type[]`.
 */
export async function arrayLiteral<T>(values: readonly T[], element: (value: T) => string | number | boolean | null | undefined): Promise<string> {
	const parts: string[] = [];
	for (let start = 0; start < values.length; start += perTurn) {
		if (start > 0) {
			await nextTurn();
		}

		parts.push(values.slice(start, start + perTurn).map(value => elementText(element(value))).join(','));
	}

	return `{${parts.join(',')}}`;
}

function elementText(value: string | number | boolean | null | undefined): string {
	if (value === null || value === undefined) {
		return 'NULL';
	}

	if (typeof value === 'number') {
		return String(value); // a whole number of an int or bigint column: never NaN here
	}

	if (typeof value === 'boolean') {
		return value ? 't' : 'f';
	}

	return `"${value.replaceAll('\\', String.raw`\\`).replaceAll('"', String.raw`\"`)}"`;
}
