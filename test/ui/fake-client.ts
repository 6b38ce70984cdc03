import type {CollectionEntry, Health, Job, SearchResponse, SearchResult} from '../../source/client/api-types.js';
import type {SearchInput} from '../../source/client/daemon-client.js';
import type {TuiClient} from '../../source/ui/tui/tui-client.js';

export function hit(file: string, content: string, score = 0.5): SearchResult {
	return {
		id: `id-${file}-${score}`, content, source_file: file, section_title: 'Setup', heading_level: 2, score,
		heading_path: ['Guide', 'Setup'], start_line: 3, end_line: 5, source_path: null,
	};
}

const healthy: Health = {status: 'ok', version: '0.1.0', uptime_s: 1, checks: {chromadb: {status: 'ok', count: 3}, embedder: {status: 'ok', dimension: 32, model: 'tiny'}}};

/** A daemon in memory: answers searches from `corpus`, records every call, can be made to fail. */
export class FakeClient implements TuiClient {
	readonly searches: SearchInput[] = [];
	readonly deleted: string[] = [];
	failing: string | undefined;
	collectionList: CollectionEntry[] = [{name: 'notes', count: 3, documents: 2}, {name: 'work', count: 1, documents: 1}];

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

	async search(input: SearchInput): Promise<SearchResponse> {
		this.searches.push(input);
		if (this.failing) {
			throw new Error(this.failing);
		}

		const words = input.query.toLowerCase().split(/\s+/);
		const results = this.corpus.filter(result => !this.deleted.includes(result.source_file) && words.some(word => result.content.toLowerCase().includes(word)));
		return {results: results.slice(0, input.top_k), collection: input.collection ?? 'default', mode: input.mode ?? 'hybrid', timings_ms: {embed: 0, vector: 0, keyword: 0, total: 1}};
	}

	async deleteDocument(fileName: string, collection = 'default') {
		this.deleted.push(fileName);
		return {status: 'ok' as const, file: fileName, collection, deleted_chunks: 1};
	}

	async startDirectoryJob(): Promise<{job: Job}> {
		throw new Error('not used here');
	}

	async followJob(): Promise<Job> {
		throw new Error('not used here');
	}
}
