// Files of a model folder against their pins: read again from disk, size and SHA-256.
import {createHash} from 'node:crypto';
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import path from 'node:path';
import type {PinnedFile} from '../../common/models/catalogue-types.js';

export async function sha256OfFile(file: string, signal?: AbortSignal): Promise<string> {
	const hash = createHash('sha256');
	for await (const chunk of createReadStream(file, {signal})) {
		hash.update(chunk as Buffer);
	}

	return hash.digest('hex');
}

/** One line per file that is missing or differs from its pin; empty when every file matches. */
export async function fileProblems(folder: string, pins: readonly PinnedFile[], signal?: AbortSignal): Promise<string[]> {
	const problems: string[] = [];
	for (const pinned of pins) {
		const file = path.join(folder, pinned.path);
		const size = (await stat(file).catch(() => undefined))?.size;
		if (size === undefined) {
			problems.push(`${pinned.path} is missing`);
		} else if (size === pinned.bytes) {
			const sha256 = await sha256OfFile(file, signal);
			if (sha256 !== pinned.sha256) {
				problems.push(`${pinned.path} has SHA-256 ${sha256}, not the pinned ${pinned.sha256}`);
			}
		} else {
			problems.push(`${pinned.path} has ${size} bytes, not the pinned ${pinned.bytes}`);
		}
	}

	return problems;
}
