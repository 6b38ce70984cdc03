/** Why a user's file was not read. */
export type FileRefusal = 'missing' | 'not_regular' | 'too_large' | 'outside' | 'timeout' | 'unreadable';

/** A user's file the daemon did not read, and why (read-user-file.ts); callers say it in their own terms. */
export class UserFileError extends Error {
	constructor(readonly reason: FileRefusal, message: string) {
		super(message);
		this.name = 'UserFileError';
	}
}
