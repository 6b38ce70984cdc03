import type {SearchResponse, SearchResult} from '../../common/wire/search.js';
import type {SearchHit, SearchOutcome} from '../engine/search/types.js';
import {documentKey} from '../engine/documents/changed-on-disk.js';

/** A hit as the API returns it: the spec's fields first, in this order, then md-vector's own. */
export function toSearchResult(hit: SearchHit, changedOnDisk: boolean | null = null): SearchResult {
	return {
		id: hit.id,
		content: hit.content,
		source_file: hit.fileName,
		section_title: hit.sectionTitle,
		heading_level: hit.headingLevel,
		score: hit.score,
		heading_path: hit.headingPath,
		start_line: hit.startLine,
		end_line: hit.endLine,
		source_path: hit.sourcePath,
		collection: hit.collection,
		changed_on_disk: changedOnDisk,
	};
}

/** POST /search's answer; `changed` says which hits' files changed on disk (search/changed-on-disk.ts). */
export function toSearchResponse(outcome: SearchOutcome, changed: ReadonlyMap<string, boolean | null> = new Map()): SearchResponse {
	return {
		results: outcome.results.map(hit => toSearchResult(hit, changed.get(documentKey(hit.collection, hit.fileName)) ?? null)),
		collection: outcome.collection,
		collections: outcome.collections,
		mode: outcome.mode,
		...(outcome.notice ? {notice: outcome.notice} : {}),
		timings_ms: {embed: outcome.timings.embed, vector: outcome.timings.vector, keyword: outcome.timings.keyword, total: outcome.timings.total},
	};
}
