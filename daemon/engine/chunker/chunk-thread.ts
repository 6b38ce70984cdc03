import {Worker} from 'node:worker_threads';
import type {Answer} from '../threads/thread-calls.js';
import type {ChunkedDocument} from './chunk-markdown.js';

export type Heading = {readonly depth: number; readonly text: string; readonly line: number};

export type ChunkRequest
	= | {readonly op: 'chunk'; readonly text: string; readonly fileName: string; readonly headingContext: boolean}
		| {readonly op: 'headings'; readonly text: string};

/** The thread's answer: what was asked, or why the document cannot be chunked. */
export type ChunkReply = {readonly chunked?: ChunkedDocument; readonly headings?: Heading[]; readonly refused?: string};

/** A document the chunker refused or gave up on: that document's failure (the message says why), nothing else's. */
export class ChunkRefusal extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ChunkRefusal';
	}
}

type Job = {readonly request: ChunkRequest; readonly resolve: (reply: ChunkReply) => void; readonly reject: (error: Error) => void};

/** How long one document may take to chunk: longer, its thread is ended and it fails (a fresh thread takes the next). */
export const defaultChunkBudgetMs = 30_000;

/** MD_VECTOR_CHUNK_BUDGET_MS: unset, the default; else a whole number of ms, 100 or more (the daemon checks it at start). */
export function chunkBudgetFromEnv(env: NodeJS.ProcessEnv = process.env): number {
	const value = env.MD_VECTOR_CHUNK_BUDGET_MS?.trim() ?? '';
	if (value === '') {
		return defaultChunkBudgetMs;
	}

	if (!/^\d+$/.test(value) || Number(value) < 100) {
		throw new Error(`MD_VECTOR_CHUNK_BUDGET_MS must be a whole number of milliseconds, 100 or more, got '${env.MD_VECTOR_CHUNK_BUDGET_MS}'`);
	}

	return Number(value);
}

/**
 * The chunking thread, one document at a time in the order asked, each within a time budget. Started on first
 * use; it keeps the process alive only while a call is under way; a thread that dies or runs over is replaced.
 */
export class ChunkThread {
	private worker: Worker | undefined;
	/** Whether the thread said it is ready (its modules and tokenizer loaded): documents wait until then. */
	private ready = false;
	private readonly queue: Job[] = [];
	private running: {job: Job; timer: NodeJS.Timeout; id: number} | undefined;
	private nextId = 1;

	/** `budgetMs`: fixed; absent, MD_VECTOR_CHUNK_BUDGET_MS's as each document starts. */
	constructor(private readonly fixedBudgetMs?: number) {
		// Fields only.
	}

	private get budgetMs(): number {
		return this.fixedBudgetMs ?? chunkBudgetFromEnv();
	}

	/** The document's chunks; rejects with ChunkRefusal when the document cannot be chunked within the budget. */
	async chunk(text: string, fileName: string, headingContext: boolean): Promise<ChunkedDocument> {
		return (await this.call({op: 'chunk', text, fileName, headingContext})).chunked!;
	}

	/** The Markdown headings of a text, with their lines (1-based). */
	async headings(text: string): Promise<Heading[]> {
		return (await this.call({op: 'headings', text})).headings!;
	}

	async close(): Promise<void> {
		const {worker} = this;
		this.worker = undefined;
		this.ready = false;
		await worker?.terminate();
	}

	private async call(request: ChunkRequest): Promise<ChunkReply> {
		const reply = await new Promise<ChunkReply>((resolve, reject) => {
			this.queue.push({request, resolve, reject});
			this.next();
			this.holdWhileBusy();
		});
		if (reply.refused !== undefined) {
			throw new ChunkRefusal(reply.refused);
		}

		return reply;
	}

	private next(): void {
		if (this.running !== undefined || this.queue.length === 0) {
			return;
		}

		const worker = this.started();
		if (!this.ready) {
			return; // the ready message calls next
		}

		const job = this.queue.shift()!;
		const id = this.nextId++;
		const {budgetMs} = this;
		const timer = setTimeout(() => {
			this.fail(new ChunkRefusal(`could not be chunked within ${budgetMs / 1000} s: its Markdown is too complex (split it into smaller files)`));
		}, budgetMs);
		timer.unref();
		this.running = {job, timer, id};
		worker.postMessage({id, request: job.request});
	}

	/** Calls waiting or under way keep the process alive until they are answered; an idle thread does not. */
	private holdWhileBusy(): void {
		if (this.running !== undefined || this.queue.length > 0) {
			this.worker?.ref();
		} else {
			this.worker?.unref();
		}
	}

	/** Ends the running job with `error`, and the thread with it (it may be stuck in that document). */
	private fail(error: Error): void {
		const {running} = this;
		this.running = undefined;
		const {worker} = this;
		this.worker = undefined;
		this.ready = false;
		void worker?.terminate();
		if (running) {
			clearTimeout(running.timer);
			running.job.reject(error);
		}

		this.next();
		this.holdWhileBusy();
	}

	private started(): Worker {
		if (!this.worker) {
			// Its heap bounded: a document that would take more fails, the daemon keeps its memory.
			const worker = new Worker(new URL('chunk-thread-main.js', import.meta.url), {resourceLimits: {maxOldGenerationSizeMb: 512}});
			worker.on('message', (message: Answer<ChunkReply> | {ready: true}) => {
				if ('ready' in message) {
					this.ready = true;
					this.next();
					this.holdWhileBusy();
					return;
				}

				const {id, reply, error} = message;
				if (this.running?.id !== id) {
					return;
				}

				const {job, timer} = this.running;
				this.running = undefined;
				clearTimeout(timer);
				if (error === undefined) {
					job.resolve(reply!);
				} else {
					job.reject(new Error(error));
				}

				this.next();
				this.holdWhileBusy();
			});
			const gone = (reason: string) => {
				if (this.worker !== worker) {
					return;
				}

				if (!this.ready) {
					// It never started: every call waiting fails with why (no document is to blame; none is retried).
					this.worker = undefined;
					for (const job of this.queue.splice(0)) {
						job.reject(new Error(`the chunking thread could not start: it ${reason}`));
					}

					return;
				}

				this.fail(new ChunkRefusal(`could not be chunked: the chunking thread ${reason}`));
			};

			worker.on('error', error => {
				gone(`failed (${error.message})`);
			});
			worker.on('exit', code => {
				gone(`stopped (exit code ${code})`);
			});
			this.worker = worker; // referenced: adding a 'message' listener refs it; holdWhileBusy unrefs it when idle
		}

		return this.worker;
	}
}

/** The daemon's chunking thread (the engine's ingest paths and section lookups share it). */
export const chunkThread = new ChunkThread();
