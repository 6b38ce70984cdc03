import type {ExecutionContext} from 'ava';

type ToolAnswer = {isError?: boolean; content?: Array<{text?: string}>; _meta?: Record<string, unknown>};

/** A tool call refused for permissions: a tool error marked 403 in its _meta, whose text says why. */
export function refusalOf(t: ExecutionContext, answer: unknown): {readonly message: string} {
	const result = answer as ToolAnswer;
	t.true(result.isError, 'a refusal is a tool error');
	t.is(result._meta?.['md-vector/status'], 403, 'marked as a refusal');
	return {message: result.content?.[0]?.text ?? ''};
}
