// A tool's answer: its value as JSON text and as structured content, or its error as a tool error (isError),
// which the assistant reads and can act on, instead of a protocol failure.
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';

const ok = (value: unknown): CallToolResult => ({content: [{type: 'text', text: JSON.stringify(value, null, 2)}], structuredContent: value as Record<string, unknown>});
const failed = (error: unknown): CallToolResult => ({content: [{type: 'text', text: error instanceof Error ? error.message : String(error)}], isError: true});

export type ToolResultOf = <A>(run: (args: A) => Promise<unknown> | unknown) => (args: A) => Promise<CallToolResult>;

export const guarded: ToolResultOf = run => async args => {
	try {
		return ok(await run(args));
	} catch (error) {
		return failed(error);
	}
};
