import {ThreadCalls} from '../../../threads/thread-calls.js';

/** A call to the checkpoint thread (it does one thing). */
export type CheckpointCall = {readonly op: 'checkpoint'};

/** What a checkpoint found: the log's frames, and how many of them are in the store's file now. */
export type CheckpointReply = {readonly frames: number; readonly copied: number};

/**
 * Checkpoints of the store's write-ahead log on a thread of their own, for connections that leave them
 * (wal_autocheckpoint = 0: an import's writer, store.ts). A commit that checkpoints copies the log into the file
 * itself: after an import of 5,000 chunks that held the daemon's main thread ~50 ms of its ~100 ms commit, and
 * every search waited. At most one runs; one asked for meanwhile runs after it. A failure is logged: the daemon's
 * own connection still checkpoints when its log grows (SQLite's default), and at close.
 */
export class WalCheckpoints {
	private calls: ThreadCalls<CheckpointCall, CheckpointReply> | undefined;
	private running: Promise<void> | undefined;
	private again = false;
	private closed = false;

	constructor(private readonly file: string, private readonly log: (line: string) => void = () => undefined) {
		// The thread starts with the first checkpoint asked for.
	}

	/** Asks for a checkpoint soon; answers at once. */
	request(): void {
		if (this.closed) {
			return;
		}

		if (this.running) {
			this.again = true;
			return;
		}

		this.running = this.run().finally(() => {
			this.running = undefined;
			if (this.again) {
				this.again = false;
				this.request();
			}
		});
	}

	/** Waits for a checkpoint under way, then ends the thread. */
	async close(): Promise<void> {
		this.closed = true;
		this.again = false;
		await this.running;
		await this.calls?.close();
		this.calls = undefined;
	}

	private async run(): Promise<void> {
		this.calls ??= new ThreadCalls(new URL('wal-checkpoint-thread-main.js', import.meta.url), 'checkpoint', undefined, {workerData: {file: this.file}});
		const {calls} = this;
		try {
			await calls.call({op: 'checkpoint'});
		} catch (error) {
			this.log(`checkpointing the store's write-ahead log failed (${error instanceof Error ? error.message : String(error)}); the daemon's connection checkpoints it instead`);
		} finally {
			if (calls.stopped && this.calls === calls) {
				this.calls = undefined;
			}
		}
	}
}
