import type {z} from 'zod';
import {HttpError} from './http-error.js';

function parse<T extends z.ZodType>(schema: T, value: unknown, whole: string): z.infer<T> {
	const result = schema.safeParse(value);
	if (!result.success) {
		const issue = result.error.issues[0]!;
		const field = issue.path.map(String).join('.') || whole;
		throw new HttpError(400, 'invalid_input', `${field}: ${issue.message}`);
	}

	return result.data;
}

/** Parses a body with a zod schema; a failure is a 400 that names the field and the rule. */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
	return parse(schema, value, 'body');
}

/**
 * Parses a query string the same way (request.query: with the simple parser, a parameter given twice is an
 * array, which a string field refuses). Defaults come from the schema, not from the route.
 */
export function validateQuery<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
	return parse(schema, query ?? {}, 'query');
}
