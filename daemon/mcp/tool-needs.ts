// What each MCP tool needs, declared where the tool is registered: the operation it serves, whose permission is
// in its _meta (which clients also see in tools/list). Checked before a call runs, with the rule its use case
// applies again to the collections it resolves (as a REST route's declaration is). A registered tool without a
// declaration is refused for everyone.
import type {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {Request, Response} from 'express';
import {collectionPermissions} from '../../common/capabilities/permission-catalogue.js';
import {defaultCollection} from '../../common/search-contract.js';
import {HttpError} from '../http/http-error.js';
import {actorIn} from '../http/actor-of.js';
import {operations, type CollectionPermission, type Operation} from '../use-cases/operations.js';

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

/** Keeps what every tool registered on `server` declares, so that a call is checked before it runs. */
export function declaring(server: McpServer): McpServer {
	const declared = new Map<string, Record<string, unknown> | undefined>();
	registries.set(server, declared);
	const register = server.registerTool.bind(server);
	server.registerTool = ((name: string, config: {_meta?: Record<string, unknown>}, callback: never) => {
		declared.set(name, config._meta);
		return register(name, config, callback);
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

type Message = {method?: string; params?: {name?: unknown; arguments?: {collection?: unknown}}};

/** 403 for a tool call of the request that the caller may not make, or of a tool that declares nothing. */
export function checkToolCalls(request: Request, response: Response, server: McpServer): void {
	const messages = (Array.isArray(request.body) ? request.body : [request.body]) as Array<Message | undefined>;
	for (const message of messages) {
		const name = message?.params?.name;
		// Not a call of a tool this server has: the SDK answers that it does not exist.
		if (message?.method !== 'tools/call' || typeof name !== 'string' || !registeredTools(server).includes(name)) {
			continue;
		}

		const need = toolNeedOf(server, name);
		if (!need) {
			throw new HttpError(403, 'forbidden', `tool ${name} declares no permission, so it is refused`);
		}

		const named = typeof message.params?.arguments?.collection === 'string' ? message.params.arguments.collection : undefined;
		const collection = need.collection === 'none' ? undefined : named ?? (need.collection === 'argument' ? defaultCollection : undefined);
		actorIn(response).require(need.permission, collection, ` for tool ${name}`);
	}
}
