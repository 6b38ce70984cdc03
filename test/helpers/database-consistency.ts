import pg from 'pg';

/**
 * What is inconsistent in md-vector's tables, read straight from the database (empty when nothing is): a
 * document whose chunk count differs from its chunks, chunks or postings without their document or chunk,
 * collection totals that differ from the rows. A write cut off half-way would show here.
 */
export async function inconsistencies(url: string): Promise<string[]> {
	const client = new pg.Client(url);
	await client.connect();
	try {
		const checks: Array<[string, string]> = [
			['documents whose chunk_count differs from their chunks', `SELECT d.file_name AS what FROM md_vector.documents d
				WHERE d.chunk_count <> (SELECT count(*) FROM md_vector.chunks c WHERE c.document_id = d.id)`],
			['chunks without their document', `SELECT c.chunk_id AS what FROM md_vector.chunks c
				WHERE NOT EXISTS (SELECT 1 FROM md_vector.documents d WHERE d.id = c.document_id)`],
			['postings without their chunk', `SELECT p.term AS what FROM md_vector.postings p
				WHERE NOT EXISTS (SELECT 1 FROM md_vector.chunks c WHERE c.id = p.chunk_id)`],
			['collection totals that differ from the rows', `SELECT c.name AS what FROM md_vector.collections c JOIN md_vector.collection_totals t ON t.collection_id = c.id
				WHERE t.documents <> (SELECT count(*) FROM md_vector.documents d WHERE d.collection_id = c.id)
				OR t.chunks <> (SELECT count(*) FROM md_vector.chunks k WHERE k.collection_id = c.id)
				OR t.vectors <> (SELECT count(*) FROM md_vector.chunks k WHERE k.collection_id = c.id AND k.embedding IS NOT NULL)
				OR t.keyword_tokens <> (SELECT coalesce(sum(k.keyword_length), 0) FROM md_vector.chunks k WHERE k.collection_id = c.id)`],
		];
		const problems: string[] = [];
		for (const [problem, sql] of checks) {
			const {rows} = await client.query<{what: string}>(sql);
			if (rows.length > 0) {
				problems.push(`${problem}: ${rows.slice(0, 5).map(row => row.what).join(', ')}`);
			}
		}

		return problems;
	} finally {
		await client.end();
	}
}
