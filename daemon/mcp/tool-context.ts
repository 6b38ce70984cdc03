import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {Actor} from '../use-cases/actor.js';
import type {UseCases} from '../use-cases/use-cases.js';

/** What the tools of one MCP server run with: the use cases, and the caller they run for. */
export type ToolContext = {
	readonly useCases: UseCases;
	readonly actor: Actor;
	/** Write tools (ingest, delete_document) are not offered. */
	readonly readOnly: boolean;
};

/** A tool: its name, whether it writes, and how it registers on a server for a caller. */
export type ToolDefinition = {
	readonly name: string;
	readonly writes: boolean;
	register(server: McpServer, context: ToolContext): void;
};
