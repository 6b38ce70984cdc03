import type {z} from 'zod';
import {HttpError} from './http-error.js';

/** Parses with a zod schema; a failure is a 400 that names the field and the rule. */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
	const result = schema.safeParse(value);
	if (!result.success) {
		const issue = result.error.issues[0]!;
		const field = issue.path.map(String).join('.') || 'body';
		throw new HttpError(400, 'invalid_input', `${field}: ${issue.message}`);
	}

	return result.data;
}
