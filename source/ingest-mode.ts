import type {IngestMode} from './client/api-types.js';
import {UsageError} from './client/client-errors.js';

/** --incremental / --force as the API's mode; both at once make no sense. */
export function ingestMode(flags: {readonly incremental: boolean; readonly force: boolean}): IngestMode {
	if (flags.incremental && flags.force) {
		throw new UsageError('--incremental and --force cannot be used together: one skips unchanged files, the other re-embeds them');
	}

	return flags.incremental ? 'incremental' : (flags.force ? 'force' : 'default');
}
