import {constants} from 'node:fs';
import {lstat, open, readlink, realpath, stat, type FileHandle} from 'node:fs/promises';
import path from 'node:path';
import {FileSlots} from './file-slots.js';
import {stampOf, type FileStamp} from './file-stamp.js';
import {UserFileError} from './user-file-error.js';

export type UserFileRule = {
	/**
	 * Where the file must really be: folders it may lie in (or files it may be), or a test of its real path. It is
	 * checked on the file that was opened, not on a name checked before. Undefined: anywhere (ignore files, read
	 * for their rules only).
	 */
	readonly within?: readonly string[] | ((realPath: string) => boolean);
	readonly maxBytes: number;
};

export type UserFile = {
	readonly bytes: Buffer;
	/** Where the opened file really is. */
	readonly realPath: string;
	readonly mtimeMs: number;
	/** Its size and times as opened, to record (file-stamp.ts); undefined when they cannot be trusted to tell a change later. */
	readonly stamp: FileStamp | undefined;
};

/** Every read of a user's file, process-wide: 2 at a time, 10 s each at most (file-slots.ts). */
const slots = new FileSlots(2, 10_000);

/** Not following a final link, never waiting for a writer (a FIFO), never becoming the controlling terminal. */
const openFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

/**
 * Reads a user's file the one safe way: its links resolved, the resolved name opened without following a link
 * there (one swapped in since is refused) and without blocking, then the opened descriptor checked (a regular
 * file, at most maxBytes, really inside `within`: its path read back from /proc/self/fd) and read through that
 * handle, at most maxBytes. A FIFO, socket or device is refused without being read (a device is not even
 * opened); reads share a few slots with a timeout (file-slots.ts). Refusals are UserFileErrors.
 */
export async function readUserFile(file: string, rule: UserFileRule): Promise<UserFile> {
	return slots.run(async () => readOnce(file, rule), file);
}

async function readOnce(file: string, rule: UserFileRule): Promise<UserFile> {
	const startedMs = Date.now();
	const real = await realpath(file).catch((error: unknown) => {
		throw refusal(error, file);
	});
	refuseOutside(rule, real, file);
	const before = await lstat(real).catch((error: unknown) => {
		throw refusal(error, file);
	});
	refuseIrregular(before, rule, file);
	let handle: FileHandle;
	try {
		handle = await open(real, openFlags);
	} catch (error) {
		throw refusal(error, file);
	}

	try {
		const info = await handle.stat();
		refuseIrregular(info, rule, file);
		const opened = await openedPath(handle, real, info);
		refuseOutside(rule, opened, file);
		const bytes = await readAtMost(handle, info.size, rule.maxBytes, file);
		return {bytes, realPath: opened, mtimeMs: info.mtimeMs, stamp: stampOf(info, startedMs, bytes.length)};
	} finally {
		await handle.close();
	}
}

/** The real path of what `handle` opened: Linux tells it; elsewhere `real` when it names the same file now. */
async function openedPath(handle: FileHandle, real: string, info: {dev: number; ino: number}): Promise<string> {
	try {
		return await readlink(`/proc/self/fd/${handle.fd}`);
	} catch {
		const now = await stat(real).catch(() => undefined);
		if (now?.dev !== info.dev || now.ino !== info.ino) {
			throw new UserFileError('outside', `${real}: it was replaced while it was opened`);
		}

		return real;
	}
}

async function readAtMost(handle: FileHandle, size: number, maxBytes: number, file: string): Promise<Buffer> {
	const parts: Buffer[] = [];
	let length = 0;
	// One byte more than allowed: a file that grew past the limit since it was checked is seen.
	// One byte more than allowed: a file that grew past the limit since it was checked is seen.
	for (let room = Math.min(size, maxBytes) + 1; ; room = Math.min(maxBytes + 1 - length, 64 * 1024)) {
		const buffer = Buffer.allocUnsafe(room);
		const {bytesRead} = await handle.read(buffer, 0, buffer.length, length);
		if (bytesRead === 0) {
			break;
		}

		parts.push(buffer.subarray(0, bytesRead));
		length += bytesRead;
		if (length > maxBytes) {
			throw tooLarge(file, length, maxBytes);
		}
	}

	return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

function refuseIrregular(info: {isFile(): boolean; size: number}, rule: UserFileRule, file: string): void {
	if (!info.isFile()) {
		throw new UserFileError('not_regular', `${file}: not a regular file (a FIFO, socket, device or folder is not read)`);
	}

	if (info.size > rule.maxBytes) {
		throw tooLarge(file, info.size, rule.maxBytes);
	}
}

function refuseOutside(rule: UserFileRule, real: string, file: string): void {
	const {within} = rule;
	const inside = within === undefined || (typeof within === 'function' ? within(real) : within.some(place => isInside(place, real)));
	if (!inside) {
		throw new UserFileError('outside', `${file}: it is really ${real}, outside where it may be read`);
	}
}

function isInside(place: string, real: string): boolean {
	const relative = path.relative(place, real);
	return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

const tooLarge = (file: string, size: number, maxBytes: number) => new UserFileError('too_large', `${file}: the file is ${Math.ceil(size / 1024)} KB; the limit is ${Math.round(maxBytes / 1024)} KB`);

function refusal(error: unknown, file: string): UserFileError {
	const {code} = (error as NodeJS.ErrnoException);
	if (code === 'ELOOP') {
		return new UserFileError('outside', `${file}: it became a symbolic link while it was opened`);
	}

	return code === 'ENOENT' || code === 'ENOTDIR'
		? new UserFileError('missing', `${file} does not exist`)
		: new UserFileError('unreadable', `${file} cannot be read (${code ?? (error as Error).message})`);
}
