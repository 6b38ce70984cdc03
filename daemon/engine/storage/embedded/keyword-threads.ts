import {ThreadCalls} from '../../threads/thread-calls.js';
import type {FieldWeights, Candidate} from '../types.js';
import {mergeHalves, splitAboveRows, type RowRange} from '../keyword-split.js';
import type {StoreFilter} from './sqlite/filtered-reads.js';

/** A keyword top k as a keyword thread takes it: a filter without kept names (those live in this thread's memory). */
export type KeywordCall = {
	readonly collectionIds: readonly number[];
	readonly terms: readonly string[];
	readonly limit: number;
	readonly weights: FieldWeights;
	readonly filter?: Omit<StoreFilter, 'names'>;
	/** Only the rows with a rowid in this range (a half of a split search). */
	readonly rows?: RowRange;
	/** Answer with the halves instead when a step would score at least this many rows (../keyword-split.ts). */
	readonly splitAbove?: number;
};

/** A keyword thread's answer: the top k, or the halves the call is to be split into. */
export type KeywordAnswer = {readonly hits: Candidate[]} | {readonly halves: readonly [RowRange, RowRange]};

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
 * The store's two keyword threads (keyword-thread-main.ts), each started when first needed: BM25 over a large
 * collection takes tens of milliseconds, which on the HTTP thread held every other request, and held a hybrid
 * search's vector half until its keyword half ended. A call goes to the thread with fewer calls waiting (searches in
 * flight share both); a search that would score many rows, when no other keyword search runs, goes as two halves
 * of the rowids, one on each thread, merged exactly (../keyword-split.ts). The halves read a snapshot each: a commit between them may rank one half
 * against the statistics before it, as a search just before the commit would. A thread that died is started again on
 * the next call. A failed call is logged once until a call succeeds again (a broken thread fails every search):
 * meanwhile the store's keyword searches run on the main thread (embedded-search.ts).
 */
export class KeywordThreads {
	private readonly threads: Array<ThreadCalls<KeywordCall, KeywordAnswer> | undefined> = [undefined, undefined];
	private readonly waiting = [0, 0];
	private closed = false;
	/** A call failed and none succeeded since: its failure is logged already. */
	private failing = false;

	constructor(private readonly file: string, private readonly log: (line: string) => void = () => undefined, private readonly splitAbove = splitAboveRows) {
		// Started on first use: most stores a process opens (tests, commands) never search.
	}

	async topK(call: KeywordCall): Promise<Candidate[]> {
		// The second thread starts only when the first is busy (or a search is split): one search at a time needs one.
		const first = this.waiting[0] === 0 || this.waiting[1]! >= this.waiting[0]! ? 0 : 1;
		// Split only when no other keyword search runs: with others in flight the cores are busy anyway, and split, a
		// search costs more in all.
		const alone = this.waiting[0] === 0 && this.waiting[1] === 0;
		const answer = await this.send(first, alone ? {...call, splitAbove: this.splitAbove} : call);
		if ('hits' in answer) {
			return answer.hits;
		}

		const halves = await Promise.all(answer.halves.map(async (rows, at) => this.send(at === 0 ? first : 1 - first, {...call, rows})));
		return mergeHalves(halves.map(half => ('hits' in half ? half.hits : [])), call.limit);
	}

	async close(): Promise<void> {
		this.closed = true;
		await Promise.all(this.threads.map(async thread => thread?.close()));
		this.threads.fill(undefined);
	}

	private async send(at: number, call: KeywordCall): Promise<KeywordAnswer> {
		if (this.closed) {
			throw new Error('the store is closed');
		}

		const calls = this.threads[at] ?? new ThreadCalls<KeywordCall, KeywordAnswer>(new URL('keyword-thread-main.js', import.meta.url), 'keyword', undefined, {workerData: {file: this.file}});
		this.threads[at] = calls;
		this.waiting[at]!++;
		try {
			const answer = await calls.call(call);
			this.failing = false;
			return answer;
		} catch (error) {
			if (!this.failing) {
				this.failing = true;
				this.log(`the keyword thread failed (${reasonOf(error)}): keyword searches run on the main thread until it answers again`);
			}

			throw error;
		} finally {
			this.waiting[at]!--;
			if (calls.stopped && this.threads[at] === calls) {
				this.threads[at] = undefined; // a dead thread fails every later call: the next one starts another
			}
		}
	}
}
