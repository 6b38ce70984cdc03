// Every route the app serves, found by walking Express's router stack (the routers' own layers, as mounted),
// with the need its first handler declares. Used to refuse undeclared routes, to name a path parameter in a
// percent-encoding error, and by the test that fails on a route without a declaration.
import type {Express, RequestHandler} from 'express';
import {HttpError} from './http-error.js';
import {declaredNeed, type Need} from './route-access.js';

type Layer = {
	readonly handle: RequestHandler & {readonly stack?: readonly Layer[]};
	readonly rawPath?: unknown;
	readonly route?: {readonly path: string; readonly methods: Record<string, boolean>; readonly stack: Array<{handle: RequestHandler}>};
};

export type RouteEntry = {
	readonly methods: readonly string[];
	/** The full path pattern, mount paths included ('/api/v1/documents/*file_name'). */
	readonly path: string;
	readonly need: Need | undefined;
	/** The route's handlers, in order (the first one replaced when it is not a declaration). */
	readonly handlers: Array<{handle: RequestHandler}>;
};

const joined = (prefix: string, path: string) => (path === '/' ? prefix || '/' : `${prefix}${path}`);

function walk(stack: readonly Layer[], prefix: string, into: RouteEntry[]): void {
	for (const layer of stack) {
		if (layer.route) {
			const {route} = layer;
			into.push({
				methods: Object.keys(route.methods).map(method => (method === '_all' ? 'ALL' : method.toUpperCase())),
				path: joined(prefix, route.path),
				need: declaredNeed(route.stack[0]?.handle),
				handlers: route.stack,
			});
		} else if (layer.handle.stack) {
			const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
			walk(layer.handle.stack, `${prefix}${mount}`, into);
		}
	}
}

/** The app's routes, in the order Express matches them. */
export function routesOf(app: Express): RouteEntry[] {
	const routes: RouteEntry[] = [];
	walk((app.router as unknown as {stack: Layer[]}).stack, '', routes);
	return routes;
}

/** Deny by default: a route whose first handler declares no need answers 500 (and logs why) instead of running. */
export function refuseUndeclared(routes: readonly RouteEntry[], log: (line: string) => void): void {
	for (const route of routes.filter(entry => entry.need === undefined)) {
		const name = `${route.methods.join(',')} ${route.path}`;
		log(`route ${name} declares no permission: it is refused (declare one with serves(), open, anyCaller or ownerOnly)`);
		route.handlers[0]!.handle = () => {
			throw new HttpError(500, 'undeclared_route', `route ${name} declares no permission, so it is refused`);
		};
	}
}
