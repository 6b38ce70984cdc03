import type {SearchResponse, SearchResult} from '../../common/wire/search.js';
import type {SearchHit, SearchOutcome} from '../engine/search/types.js';

/** A hit as the API returns it: the spec's fields first, in this order, then md-vector's own. */
export function toSearchResult(hit: SearchHit): SearchResult {
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
		changed_on_disk: hit.changedOnDisk ?? null,
	};
}

/** POST /search's answer; each hit says whether its file changed on disk (decided by Engine.search). */
export function toSearchResponse(outcome: SearchOutcome): SearchResponse {
	return {
		results: outcome.results.map(hit => toSearchResult(hit)),
		collection: outcome.collection,
		collections: outcome.collections,
		mode: outcome.mode,
		...(outcome.notice ? {notice: outcome.notice} : {}),
		timings_ms: {embed: outcome.timings.embed, vector: outcome.timings.vector, keyword: outcome.timings.keyword, total: outcome.timings.total},
	};
}
