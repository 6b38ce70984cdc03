// What a tool shows clients of its operation (its `_meta` in tools/list): the permission it needs and which
// collection a call names for it, as use-cases/operations.ts describes the operation. The check itself is the
// gatekeeper's (use-cases/admit-operation.ts), asked by tools.ts before each call runs.
import {operationRules, type CollectionNamed, type Operation} from '../use-cases/operations.js';

const permissionKey = 'md-vector/permission';
const collectionKey = 'md-vector/collection';

/**
 * The rule under the names tools/list has always shown: 'argument' the collection argument, else the default
 * collection (the write tools, get_documents); 'named-or-any' the one named, else any grant (the read tools,
 * which then use only the collections the caller may); 'none' any grant.
 */
const shown: Record<CollectionNamed, string> = {'named-or-default': 'argument', 'named-or-any': 'named-or-any', none: 'none'};

/** A tool's `_meta`: the permission of the operation it serves, and where its collection is named. */
export function toolMeta(operation: Operation): Record<string, string> {
	const {permission, collection} = operationRules[operation];
	return {[permissionKey]: permission, [collectionKey]: shown[collection]};
}
