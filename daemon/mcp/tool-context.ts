import type {ZodRawShape} from 'zod';
import type {Actor} from '../use-cases/actor.js';
import type {Operation} from '../use-cases/operations.js';
import type {UseCases} from '../use-cases/use-cases.js';
import type {ToolExtra} from './tool-result.js';

/** What the tools of one MCP server run with: the use cases, and the caller they run for. */
export type ToolContext = {
	readonly useCases: UseCases;
	readonly actor: Actor;
	/** Write tools (ingest, delete_document) are not offered. */
	readonly readOnly: boolean;
};

/**
 * A tool, as data: the operation it serves (its permission and where its collection is named:
 * use-cases/operations.ts, shown in the tool's _meta), whether it writes, what the assistant reads of it, its
 * input, and what it does with a call (its use case, the answer mapped to the tool's fields). tools.ts registers
 * every tool the same way, checking each call first.
 */
export type ToolDefinition<Input = never> = {
	readonly name: string;
	readonly operation: Operation;
	/** `adds` and `destroys` are not offered to a read-only server; `destroys` is marked destructive for clients. */
	readonly writes: false | 'adds' | 'destroys';
	readonly title: string;
	readonly description: string;
	/** Each argument's schema (checked by the SDK before run); none: the tool takes no arguments. */
	readonly inputSchema?: ZodRawShape;
	// A method, so that a tool of any input is a ToolDefinition (its parameters are compared both ways).
	run(context: ToolContext, input: Input, extra?: ToolExtra): Promise<unknown>;
};
