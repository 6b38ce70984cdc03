import {UserFileError} from './user-file-error.js';

/**
 * Reads of users' files share libuv's thread pool (4 threads) with everything else the daemon does on it. At most
 * `size` of them run at once, and each is answered within `timeoutMs`: a read that outlives its time (a hung
 * network mount) is given up by its caller and keeps its slot until it really ends, so it can never take more
 * than `size` threads, and searches, writes and other collections keep theirs.
 */
export class FileSlots {
	private busy = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(private readonly size: number, private readonly timeoutMs: number) {
		// Fields only.
	}

	async run<T>(work: () => Promise<T>, what: string): Promise<T> {
		return new Promise<T>((resolve, reject) => {
			let late = false;
			const timer = setTimeout(() => {
				late = true;
				reject(new UserFileError('timeout', `${what}: not read within ${this.timeoutMs / 1000} s (a slow or hung file system)`));
			}, this.timeoutMs);
			timer.unref();
			void this.acquire().then(async () => {
				try {
					if (!late) {
						resolve(await work());
					}
				} catch (error) {
					reject(error instanceof Error ? error : new Error(String(error)));
				} finally {
					clearTimeout(timer);
					this.release();
				}
			});
		});
	}

	private async acquire(): Promise<void> {
		if (this.busy < this.size) {
			this.busy++;
			return;
		}

		await new Promise<void>(resolve => {
			this.waiting.push(resolve);
		});
	}

	private release(): void {
		const next = this.waiting.shift();
		if (next) {
			next(); // the slot passes to the next read as it is
		} else {
			this.busy--;
		}
	}
}
