import {accessSync, constants, existsSync, statfsSync} from 'node:fs';
import path from 'node:path';
import type {Probe} from './background-problems.js';

/** Below this much free space the data folder counts as full: SQLite needs pages, index files need their size. */
export const lowSpaceBytes = 4 * 1024 * 1024;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Whether the data folder can take writes: writable (a read-only mount, lost permissions) and not full.
 * Two system calls, cheap enough for every /health.
 */
export function dataFolderProbe(dataDir: string): Probe {
	return {
		source: 'data-folder',
		check() {
			for (const target of [dataDir, path.join(dataDir, 'md-vector.sqlite')]) {
				try {
					if (existsSync(target)) {
						accessSync(target, constants.W_OK);
					}
				} catch (error) {
					return `the data folder is not writable (${(error as NodeJS.ErrnoException).code ?? 'error'} on ${target}): ingest, import and delete fail; searches still work`;
				}
			}

			try {
				const {bavail, bsize} = statfsSync(dataDir);
				const free = bavail * bsize;
				return free < lowSpaceBytes ? `the disk of the data folder ${dataDir} is full (${megabytes(free)} free): ingest, import and index files fail until space is freed; searches still work` : undefined;
			} catch (error) {
				return `the data folder ${dataDir} cannot be checked: ${(error as Error).message}`;
			}
		},
	};
}
