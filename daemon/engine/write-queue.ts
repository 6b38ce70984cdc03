import {SerialQueue} from './serial-queue.js';

/** What the write queue is doing: the write running, and those waiting behind it, oldest first. */
export type WriteQueueState = {readonly running: string | null; readonly waiting: readonly string[]};

/**
 * The engine's one queue of writes (SerialQueue), each named for /health and `status` (`ingest of notes/a.md`,
 * `vector fill-in of notes (256 chunks)`): a long job queues its writes one group at a time, so another write
 * waits for one group, not for the whole job, and anyone can see what a write waits behind.
 */
export class WriteQueue {
	private readonly queue = new SerialQueue();
	private readonly pending: Array<{label: string}> = [];
	private current: string | null = null;

	async run<T>(label: string, task: () => Promise<T> | T): Promise<T> {
		const entry = {label};
		this.pending.push(entry);
		return this.queue.run(async () => {
			this.pending.splice(this.pending.indexOf(entry), 1);
			this.current = label;
			try {
				return await task();
			} finally {
				this.current = null;
			}
		});
	}

	get state(): WriteQueueState {
		return {running: this.current, waiting: this.pending.map(entry => entry.label)};
	}
}
