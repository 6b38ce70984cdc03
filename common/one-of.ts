/** a, b or c. */
export function oneOf(values: readonly string[]): string {
	return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)!}`;
}
