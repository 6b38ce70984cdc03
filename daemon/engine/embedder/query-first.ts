import {setImmediate as turn} from 'node:timers/promises';

type Waiting = {readonly task: () => Promise<unknown>; readonly resolve: (value: unknown) => void; readonly reject: (error: unknown) => void};

/**
 * One model run at a time, a search's query ahead of an ingestion's texts: a query waits for the run under way
 * when it came (one text of embedDocuments), never for the rest of the documents. Between two runs the thread
 * takes a turn of its event loop, so a query sent meanwhile is seen before the next document's run.
 */
export class QueryFirst {
	private readonly queries: Waiting[] = [];
	private readonly batches: Waiting[] = [];
	private running = false;

	async query<T>(task: () => Promise<T>): Promise<T> {
		return this.enqueue(this.queries, task);
	}

	async batch<T>(task: () => Promise<T>): Promise<T> {
		return this.enqueue(this.batches, task);
	}

	private async enqueue<T>(lane: Waiting[], task: () => Promise<T>): Promise<T> {
		return new Promise<T>((resolve, reject) => {
			lane.push({task, resolve: resolve as (value: unknown) => void, reject});
			void this.drain();
		});
	}

	private async drain(): Promise<void> {
		if (this.running) {
			return;
		}

		this.running = true;
		try {
			for (;;) {
				await turn(); // messages that arrived during the last run are queued before the next is chosen
				const next = this.queries.shift() ?? this.batches.shift();
				if (!next) {
					return;
				}

				try {
					next.resolve(await next.task());
				} catch (error) {
					next.reject(error);
				}
			}
		} finally {
			this.running = false;
		}
	}
}
