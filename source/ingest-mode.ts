import type {IngestMode} from './client/api-types.js';
import {UsageError} from './client/client-errors.js';
import {flag, type Invocation} from './cli/spec.js';

/** --incremental / --force as the API's mode; both at once make no sense. */
export function ingestMode(invocation: Invocation): IngestMode {
	const flags = {incremental: flag(invocation, 'incremental'), force: flag(invocation, 'force')};
	if (flags.incremental && flags.force) {
		throw new UsageError('--incremental and --force cannot be used together: one skips unchanged files, the other re-embeds them');
	}

	return flags.incremental ? 'incremental' : (flags.force ? 'force' : 'default');
}
