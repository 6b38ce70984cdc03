/**
 * What a file's metadata said when it was read: its size, modification time and inode change time. A file whose
 * stamp is the same now is taken to hold the same bytes (it is not read again to tell); any other stamp means
 * "read it and compare". The inode change time cannot be set by a user's tool, so a file rewritten and given its
 * old mtime back (`touch -r`, an archive restored) differs too.
 */
export type FileStamp = {readonly size: number; readonly mtimeMs: number; readonly ctimeMs: number};

/** What fs.Stats has of a stamp. */
type StampFields = {readonly size: number; readonly mtimeMs: number; readonly ctimeMs: number};

/**
 * Time stamps of file systems that keep whole seconds (ext3, HFS+; FAT keeps two): a change within this long of
 * a read may keep the same stamp, so such a stamp is not recorded.
 */
const coarseSlackMs = 2000;

/** Ext4, XFS, Btrfs and tmpfs keep nanoseconds, set from the kernel's clock tick (4-10 ms): slack above a tick. */
const fineSlackMs = 50;

/**
 * The stamp to record for a file read at `readStartedMs` (the clock before it was opened) with `stats` (taken on
 * the opened file before its bytes), or undefined when it cannot be trusted: the file changed within its file
 * system's time resolution of the read (a second write in the same tick could keep the stamp and change the
 * bytes: git's "racily clean" entries), or its size was not what was read. Undefined makes the file be read
 * and hashed whenever it is checked, until a later read records a stamp.
 */
export function stampOf(stats: StampFields, readStartedMs: number, bytesRead = stats.size): FileStamp | undefined {
	if (bytesRead !== stats.size) {
		return undefined; // it grew or shrank while it was read
	}

	const latest = Math.max(stats.mtimeMs, stats.ctimeMs);
	const slack = latest % 1000 === 0 ? coarseSlackMs : fineSlackMs;
	return latest < readStartedMs - slack ? {size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs} : undefined;
}

/** Whether a file's metadata now is the recorded stamp. */
export function sameStamp(recorded: FileStamp, now: StampFields): boolean {
	return recorded.size === now.size && recorded.mtimeMs === now.mtimeMs && recorded.ctimeMs === now.ctimeMs;
}

/** A stored document's stamp (its three columns), or undefined when any is unknown (not read from disk, stored before stamps, or not trusted). */
export function recordedStamp(document: {readonly fileSize: number | null; readonly mtimeMs: number | null; readonly ctimeMs: number | null}): FileStamp | undefined {
	const {fileSize, mtimeMs, ctimeMs} = document;
	return fileSize === null || mtimeMs === null || ctimeMs === null ? undefined : {size: fileSize, mtimeMs, ctimeMs};
}
