// The use cases' answers when they do not do what was asked: domain errors with a stable code and a status
// (the engine's own kind), which each front door translates: REST into {"error": {code, message}} with the
// status, MCP into a tool error (isError) with the message.
import {EngineError} from '../engine/errors.js';

export {EngineError as DomainError, RetryLater, invalidInput, notFound, stoppingRefusal} from '../engine/errors.js';

/** 403: the caller may not do this here. */
export const forbidden = (message: string) => new EngineError('forbidden', 403, message);

/**
 * A collection named in the request does not exist. `candidates`: the collections the caller may use for the
 * operation, for front doors whose callers cannot look them up as easily (an assistant over MCP is told them;
 * the command lists them itself).
 */
export class CollectionNotFound extends EngineError {
	constructor(message: string, readonly candidates: readonly string[]) {
		super('not_found', 404, message);
	}
}

/** How a front door names the collections a caller may use. */
export const listing = (names: readonly string[]) => (names.length > 0 ? `the collections are: ${names.join(', ')}` : 'there are no collections yet (ingest documents first)');
