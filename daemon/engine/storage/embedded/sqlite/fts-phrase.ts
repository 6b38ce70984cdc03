/** A term as an FTS5 phrase: FTS5 syntax in a query (AND, NEAR, *, :) is searched as text, never run. */
export function phrase(term: string): string {
	return `"${term.replaceAll('"', '""')}"`;
}
