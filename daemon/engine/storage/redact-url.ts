/** The URL without its password, for messages and logs. */
export function redact(url: string): string {
	try {
		const parsed = new URL(url);
		parsed.password &&= '***';

		return parsed.toString();
	} catch {
		return '(an invalid URL)';
	}
}
