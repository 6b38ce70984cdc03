// The one gatekeeper of the front doors: a call of an operation, naming a collection or none, is let through or
// refused (403, the rule Actor.require words) before the door reads its input. The REST declarations
// (http/route-access.ts) and every MCP tool call (mcp/tools.ts) ask it; the use case then checks the collections it
// resolves with the same permission.
import {defaultCollection} from '../../common/search-defaults.js';
import type {Actor} from './actor.js';
import {operationRules, type Operation} from './operations.js';

/** The collection the door checks: the one named, else as the operation's rule says (undefined: any grant). */
export function checkedCollection(operation: Operation, named: string | undefined): string | undefined {
	const {collection} = operationRules[operation];
	if (collection === 'none') {
		return undefined;
	}

	return named ?? (collection === 'named-or-default' ? defaultCollection : undefined);
}

/** Refuses `actor` the operation on the collection the call names; `what` names the action in the refusal (an MCP tool). */
export function admitOperation(actor: Actor, operation: Operation, named: string | undefined, what = ''): void {
	actor.require(operationRules[operation].permission, checkedCollection(operation, named), what);
}
