import {ThreadCalls} from '../../threads/thread-calls.js';
import type {FieldWeights, Candidate} from '../types.js';
import type {StoreFilter} from './sqlite/filtered-reads.js';

/** A keyword top k as the keyword thread takes it: a filter without kept names (those live in this thread's memory). */
export type KeywordCall = {
	readonly collectionIds: readonly number[];
	readonly terms: readonly string[];
	readonly limit: number;
	readonly weights: FieldWeights;
	readonly filter?: Omit<StoreFilter, 'names'>;
};

/**
 * Why a call failed: its error's message; a SQLite error that stopped the thread as it started reaches here as an
 * object holding only its code (SQLITE_NOTADB...).
 */
function reasonOf(error: unknown): string {
	if (error instanceof Error) {
		return error.message;
	}

	const {code} = (error ?? {}) as {code?: unknown};
	return typeof code === 'string' ? code : String(error);
}

/**
 * The store's keyword thread (keyword-thread-main.ts), started on the first keyword search: BM25 over a large
 * collection takes tens to hundreds of milliseconds, which on the HTTP thread held every other request, and held
 * a hybrid search's vector half until its keyword half ended (the query's embedding came back meanwhile). A thread
 * that died is started again on the next call. A failed call is logged once until a call succeeds again (a broken
 * thread fails every search): meanwhile the store's keyword searches run on the main thread (embedded-search.ts).
 */
export class KeywordThread {
	private calls: ThreadCalls<KeywordCall, Candidate[]> | undefined;
	private closed = false;
	/** A call failed and none succeeded since: its failure is logged already. */
	private failing = false;

	constructor(private readonly file: string, private readonly log: (line: string) => void = () => undefined) {
		// Started on first use: most stores a process opens (tests, commands) never search.
	}

	async topK(call: KeywordCall): Promise<Candidate[]> {
		if (this.closed) {
			throw new Error('the store is closed');
		}

		this.calls ??= new ThreadCalls(new URL('keyword-thread-main.js', import.meta.url), 'keyword', undefined, {workerData: {file: this.file}});
		const {calls} = this;
		try {
			const hits = await calls.call(call);
			this.failing = false;
			return hits;
		} catch (error) {
			if (!this.failing) {
				this.failing = true;
				this.log(`the keyword thread failed (${reasonOf(error)}): keyword searches run on the main thread until it answers again`);
			}

			throw error;
		} finally {
			if (calls.stopped && this.calls === calls) {
				this.calls = undefined; // a dead thread fails every later call: the next one starts another
			}
		}
	}

	async close(): Promise<void> {
		this.closed = true;
		await this.calls?.close();
		this.calls = undefined;
	}
}
