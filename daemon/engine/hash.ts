import {createHash} from 'node:crypto';

/** Hex SHA-256 of a string, truncated: content hashes for change detection and stable ids. */
export function sha256(text: string, length = 64): string {
	return createHash('sha256').update(text).digest('hex').slice(0, length);
}
