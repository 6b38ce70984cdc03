import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {Actor} from '../use-cases/actor.js';
import type {Operation} from '../use-cases/operations.js';
import type {UseCases} from '../use-cases/use-cases.js';
import type {ToolNeed} from './tool-needs.js';

/** What the tools of one MCP server run with: the use cases, and the caller they run for. */
export type ToolContext = {
	readonly useCases: UseCases;
	readonly actor: Actor;
	/** Write tools (ingest, delete_document) are not offered. */
	readonly readOnly: boolean;
};

/**
 * A tool: the operation it serves (its permission goes in `meta`, the tool's _meta: tool-needs.ts), on which
 * collection, whether it writes, and how it registers on a server for a caller.
 */
export type ToolDefinition = {
	readonly name: string;
	readonly operation: Operation;
	readonly collection: ToolNeed['collection'];
	readonly writes: boolean;
	register(server: McpServer, context: ToolContext, meta: Record<string, unknown>): void;
};
