// A path segment that is not valid percent-encoding ('%ff', '%', '%zz', an encoded lone surrogate) would make
// the router's decodeURIComponent throw, which answered 500. It is a 400 that names the route's parameter.
import type {RequestHandler} from 'express';
import {match} from 'path-to-regexp';
import {HttpError} from './http-error.js';
import type {RouteEntry} from './route-declarations.js';

const decodes = (segment: string) => {
	try {
		decodeURIComponent(segment);
		return true;
	} catch {
		return false;
	}
};

const rule = 'is not valid percent-encoding (each % must start the escape of a UTF-8 byte, such as %2F)';

/** The parameter of the first route that matches `path` whose raw value does not decode. */
function badParameter(path: string, routes: readonly RouteEntry[]): {name: string; value: string} | undefined {
	for (const route of routes) {
		const found = match(route.path, {decode: false, trailing: true})(path);
		if (!found) {
			continue;
		}

		for (const [name, raw] of Object.entries(found.params)) {
			const bad = [raw ?? []].flat().flatMap(value => value.split('/')).find(value => !decodes(value)); // a wildcard's segments
			if (bad !== undefined) {
				return {name, value: bad};
			}
		}
	}

	return undefined;
}

/** 400 for a path whose segments do not decode; `routes` is read at request time (routes are mounted after this). */
export function percentEncoding(routes: () => readonly RouteEntry[]): RequestHandler {
	return (request, _response, next) => {
		const segments = request.path.split('/');
		if (!request.path.includes('%') || segments.every(segment => decodes(segment))) {
			next();
			return;
		}

		const parameter = badParameter(request.path, routes());
		if (parameter) {
			throw new HttpError(400, 'invalid_input', `${parameter.name}: '${parameter.value}' ${rule}`);
		}

		const segment = segments.find(part => !decodes(part))!;
		throw new HttpError(400, 'invalid_input', `path segment '${segment}' ${rule}`);
	};
}
