/** Runs tasks one after another: writes to the store and the indexes never interleave. */
export class SerialQueue {
	private tail: Promise<unknown> = Promise.resolve();

	async run<T>(task: () => Promise<T> | T): Promise<T> {
		const result = this.tail.then(task);
		this.tail = result.catch(() => undefined);
		return result;
	}
}
