import {open, type FileHandle} from 'node:fs/promises';

/**
 * Makes what was committed to the write-ahead log durable: fsyncs the log's file (an fsync flushes the file,
 * whichever descriptor wrote it). No log: a checkpoint moved it into the store's file, and a checkpoint syncs the
 * log first.
 */
export async function syncWal(database: string): Promise<void> {
	let handle: FileHandle;
	try {
		handle = await open(`${database}-wal`, 'r');
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
			return;
		}

		throw error;
	}

	try {
		await handle.sync();
	} finally {
		await handle.close();
	}
}
