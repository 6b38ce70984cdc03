// What each MCP tool needs, declared where the tool is registered: the operation it serves, whose permission is
// in its _meta (which clients also see in tools/list). Checked when a call runs, before the tool, with the rule
// its use case applies again to the collections it resolves (as a REST route's declaration is); a refusal is the
// call's tool error (isError, marked 403 in its _meta), which an assistant reads and acts on, not a failed request.
// A registered tool without a declaration is refused for everyone.
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {collectionPermissions} from '../../common/capabilities/permission-catalogue.js';
import {defaultCollection} from '../../common/search-contract.js';
import type {Actor} from '../use-cases/actor.js';
import {forbidden} from '../use-cases/errors.js';
import {operations, type CollectionPermission, type Operation} from '../use-cases/operations.js';
import {refusal} from './tool-result.js';

const permissionKey = 'md-vector/permission';
const collectionKey = 'md-vector/collection';

export type ToolNeed = {
	readonly permission: CollectionPermission;
	/**
	 * 'argument': on the collection the call names (the default collection when none: the write tools);
	 * 'named-or-any': on the collection the call names, or any grant of it when it names none (the read tools,
	 * which then use only the collections the caller may: search all of them, pick the one that fits);
	 * 'none': any grant of it.
	 */
	readonly collection: 'argument' | 'named-or-any' | 'none';
};

const collectionKinds: ReadonlyArray<ToolNeed['collection']> = ['argument', 'named-or-any', 'none'];

/** A tool's `_meta`: the permission of the operation it serves. */
export const toolNeeds = (operation: Operation, collection: ToolNeed['collection'] = 'argument') => ({[permissionKey]: operations[operation], [collectionKey]: collection});

const registries = new WeakMap<McpServer, Map<string, Record<string, unknown> | undefined>>();

type ToolCallback = (...parameters: unknown[]) => CallToolResult | Promise<CallToolResult>;

/**
 * Keeps what every tool registered on `server` declares, and checks each call against it for `actor` before the
 * tool runs (a tool without an input schema is called with the request's extra alone).
 */
export function declaring(server: McpServer, actor: Actor): McpServer {
	const declared = new Map<string, Record<string, unknown> | undefined>();
	registries.set(server, declared);
	const register = server.registerTool.bind(server);
	server.registerTool = ((name: string, config: {_meta?: Record<string, unknown>; inputSchema?: unknown}, callback: ToolCallback) => {
		declared.set(name, config._meta);
		const checked: ToolCallback = async (...parameters) => {
			const arguments_ = (config.inputSchema === undefined ? {} : parameters[0]) as {collection?: unknown};
			try {
				requireCall(server, actor, name, arguments_);
			} catch (error) {
				return refusal(error);
			}

			return callback(...parameters);
		};

		return register(name, config as never, checked as never);
	}) as McpServer['registerTool'];
	return server;
}

const isCollectionPermission = (value: unknown): value is CollectionPermission => collectionPermissions.includes(value as CollectionPermission);

/** The declaration of a registered tool; undefined when it declares none (or not a known permission). */
export function toolNeedOf(server: McpServer, name: string): ToolNeed | undefined {
	const meta = registries.get(server)?.get(name);
	const permission = meta?.[permissionKey];
	const collection = collectionKinds.find(kind => kind === meta?.[collectionKey]) ?? 'argument';
	return isCollectionPermission(permission) ? {permission, collection} : undefined;
}

export const registeredTools = (server: McpServer) => [...registries.get(server)?.keys() ?? []];

/** Refuses (403, naming the tool) a call the actor may not make, or of a tool that declares nothing. */
function requireCall(server: McpServer, actor: Actor, name: string, arguments_: {collection?: unknown} | undefined): void {
	const need = toolNeedOf(server, name);
	if (!need) {
		throw forbidden(`tool ${name} declares no permission, so it is refused`);
	}

	const named = typeof arguments_?.collection === 'string' ? arguments_.collection : undefined;
	const collection = need.collection === 'none' ? undefined : named ?? (need.collection === 'argument' ? defaultCollection : undefined);
	actor.require(need.permission, collection, ` for tool ${name}`);
}
