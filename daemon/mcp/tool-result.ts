// A tool's answer: its value as JSON text and as structured content, or its error as a tool error (isError),
// which the assistant reads and can act on, instead of a protocol failure. A collection that does not exist is
// answered with those the caller may use, so the assistant can correct itself at once (the command lists them
// itself after the same message).
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {CollectionNotFound, DomainError, listing} from '../use-cases/errors.js';

const ok = (value: unknown): CallToolResult => ({content: [{type: 'text', text: JSON.stringify(value, null, 2)}], structuredContent: value as Record<string, unknown>});

function messageOf(error: unknown): string {
	if (error instanceof CollectionNotFound) {
		return `${error.message}; ${listing(error.candidates)}`;
	}

	return error instanceof Error ? error.message : String(error);
}

/** A refusal's tool error carries REST's status in its _meta, so a client can tell "not allowed" from "failed". */
const statusKey = 'md-vector/status';

const failed = (error: unknown): CallToolResult => ({
	content: [{type: 'text', text: messageOf(error)}],
	isError: true,
	...(error instanceof DomainError && error.status === 403 ? {_meta: {[statusKey]: 403}} : {}),
});

/** A call refused before its tool ran: the same tool error as a refusal from inside it. */
export const refusal = failed;

/** What the SDK passes a tool beside its arguments: `signal` ends when the call is cancelled or its client is gone. */
export type ToolExtra = {readonly signal?: AbortSignal};

export type ToolResultOf = <A>(run: (args: A, extra?: ToolExtra) => Promise<unknown> | unknown) => (args: A, extra?: ToolExtra) => Promise<CallToolResult>;

export const guarded: ToolResultOf = run => async (args, extra) => {
	try {
		return ok(await run(args, extra));
	} catch (error) {
		return failed(error);
	}
};
