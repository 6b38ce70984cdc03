/** The rule of the database-url setting (and `serve --database-url`), without zod: the CLI's runner checks it too. */
export const databaseUrlRule = 'must be a postgres:// or postgresql:// URL';

export function isDatabaseUrl(value: string): boolean {
	try {
		return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
	} catch {
		return false;
	}
}
