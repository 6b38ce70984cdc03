import type {CollectionEntry, CollectionStats, Health, Job, SearchResponse, SearchResult, SourceEntry} from '../../source/client/api-types.js';
import type {searchBody} from '../../common/search-contract.js';
import type {RequestBody} from '../../source/client/request-body.js';
import type {TuiClient} from '../../source/ui/tui/tui-client.js';

type Search = RequestBody<typeof searchBody>;

export function hit(file: string, content: string, score = 0.5): SearchResult {
	return {
		id: `id-${file}-${score}`, content, source_file: file, section_title: 'Setup', heading_level: 2, score,
		heading_path: ['Guide', 'Setup'], start_line: 3, end_line: 5, source_path: null,
	};
}

const healthy: Health = {status: 'ok', version: '0.1.0', uptime_s: 1, checks: {chromadb: {status: 'ok', count: 3}, embedder: {status: 'ok', dimension: 32, model: 'tiny'}}};

function job(id: string, directory: string, collection: string, state: Job['state'], processed_files: number): Job {
	return {
		id, type: 'ingest-directory', collection, directory, state, started_at: new Date().toISOString(),
		progress: {total_files: 2, processed_files, indexed: processed_files, moved: 0, unchanged: 0, failed: 0, chunks: processed_files * 3},
	};
}

/** A daemon in memory: answers from `corpus`, records every call, can be made to fail; jobs run when told to. */
export class FakeClient implements TuiClient {
	readonly searches: Search[] = [];
	readonly deleted: string[] = [];
	readonly jobs: Array<{directory: string; collection: string}> = [];
	readonly cancelled: string[] = [];
	failing: string | undefined;
	collectionList: CollectionEntry[] = [{name: 'notes', count: 3, documents: 2}, {name: 'work', count: 1, documents: 1}];
	/** What /stats says of every collection (vectors behind chunks: being filled in). */
	vectors: number | undefined;
	/** Lets the running job finish (set once a job starts). */
	finishJob: (() => void) | undefined;
	/** Searches wait for release() while set: a slow daemon. */
	holdSearches = false;
	/** Searches on their way now, and the most there ever were at once. */
	inFlight = 0;
	maxInFlight = 0;
	private readonly held: Array<() => void> = [];

	constructor(readonly corpus: SearchResult[]) {
		// Fields only.
	}

	async health(): Promise<Health> {
		if (this.failing) {
			throw new Error(this.failing);
		}

		return healthy;
	}

	async collections() {
		if (this.failing) {
			throw new Error(this.failing);
		}

		return {collections: this.collectionList};
	}

	async stats(collection = 'default'): Promise<CollectionStats & {disk_bytes: number}> {
		const entry = this.collectionList.find(candidate => candidate.name === collection);
		if (!entry) {
			throw new Error(`collection '${collection}' does not exist`);
		}

		return {
			collection, documents: entry.documents, chunks: entry.count, vectors: this.vectors ?? entry.count, tokens: 0, model: 'tiny', dims: 32,
			chunker_version: 1, index_vectors: 0, index_kind: 'flat', index_rebuilding: null, vector_fill: null, disk_bytes: 0,
		};
	}

	/** The folders every collection follows: none (loose documents). */
	async sources(collection = 'default'): Promise<{collection: string; sources: SourceEntry[]}> {
		return {collection, sources: []};
	}

	/** Lets the held searches answer. */
	release() {
		for (const answer of this.held.splice(0)) {
			answer();
		}
	}

	async search(input: Search): Promise<SearchResponse> {
		this.searches.push(input);
		this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
		try {
			if (this.holdSearches) {
				await new Promise<void>(resolve => {
					this.held.push(resolve);
				});
			}

			return this.answer(input);
		} finally {
			this.inFlight--;
		}
	}

	private answer(input: Search): SearchResponse {
		if (this.failing) {
			throw new Error(this.failing);
		}

		const words = input.query.toLowerCase().split(/\s+/);
		const results = this.corpus.filter(result => !this.deleted.includes(result.source_file) && words.some(word => result.content.toLowerCase().includes(word)));
		return {results: results.slice(0, input.top_k), collection: input.collection ?? 'default', mode: input.mode ?? 'hybrid', timings_ms: {embed: 0, vector: 0, keyword: 0, total: 1}};
	}

	async deleteDocument(fileName: string, collection = 'default') {
		this.deleted.push(fileName);
		return {status: 'ok' as const, file: fileName, collection, deleted_chunks: 1, collection_removed: false, source: null};
	}

	async startDirectoryJob({directory, collection = 'default'}: {directory: string; collection?: string}): Promise<{job: Job}> {
		if (directory.endsWith('/missing')) {
			throw new Error(`directory: ${directory} does not exist`);
		}

		this.jobs.push({directory, collection});
		return {job: job(`job-${this.jobs.length}`, directory, collection, 'running', 0)};
	}

	/** Reports one file done, then waits for finishJob() (or a cancel) to end the job. */
	async followJob(id: string, onProgress: (job: Job) => void): Promise<Job> {
		const {directory, collection} = this.jobs.at(-1)!;
		onProgress(job(id, directory, collection, 'running', 1));
		const state = await new Promise<Job['state']>(resolve => {
			this.finishJob = () => {
				resolve(this.cancelled.includes(id) ? 'cancelled' : 'completed');
			};
		});
		if (state === 'completed' && !this.collectionList.some(entry => entry.name === collection)) {
			this.collectionList = [...this.collectionList, {name: collection, count: 6, documents: 2}];
		}

		return job(id, directory, collection, state, state === 'completed' ? 2 : 1);
	}

	async cancelJob(id: string): Promise<{job: Job}> {
		this.cancelled.push(id);
		this.finishJob?.();
		const {directory, collection} = this.jobs.at(-1)!;
		return {job: job(id, directory, collection, 'cancelled', 1)};
	}
}
