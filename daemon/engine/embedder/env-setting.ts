import type {z} from 'zod';

/**
 * Checks one setting from the environment: unset or empty gives the default; anything else must pass `schema`,
 * or the error names the variable, the rule and the value.
 */
export function envSetting<T>(env: NodeJS.ProcessEnv, name: string, schema: z.ZodType<T>, rule: string, fallback: T): T {
	const value = env[name];
	if (value === undefined || value.trim() === '') {
		return fallback;
	}

	const parsed = schema.safeParse(value.trim());
	if (!parsed.success) {
		throw new Error(`${name} must be ${rule}, got '${value}'`);
	}

	return parsed.data;
}
