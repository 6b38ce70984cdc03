import {globPattern, requiredPairs, type SearchFilter} from '../document-filter.js';

/**
 * The filter as a condition on a chunk's `document_id`, for the one statement of a top-k: the ids of the
 * collection's documents it keeps (paths by regular expression, any may match; front matter pairs by jsonb
 * containment, all must hold, through the GIN index). Parameters are numbered from `next`.
 */
export function documentCondition(column: string, collectionParameter: string, filter: SearchFilter, next: number): {sql: string; parameters: unknown[]} {
	const parts: string[] = [];
	const parameters: unknown[] = [];
	if (filter.paths && filter.paths.length > 0) {
		parts.push(`d.file_name ~ ANY($${next + parameters.length}::text[])`);
		parameters.push(filter.paths.map(glob => globPattern(glob)));
	}

	const pairs = requiredPairs(filter);
	if (pairs.length > 0) {
		parts.push(`d.meta_pairs @> $${next + parameters.length}::jsonb`);
		parameters.push(JSON.stringify(pairs));
	}

	const where = parts.length > 0 ? ` AND ${parts.join(' AND ')}` : '';
	return {sql: `${column} IN (SELECT d.id FROM md_vector.documents d WHERE d.collection_id = ${collectionParameter}${where})`, parameters};
}
