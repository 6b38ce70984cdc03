import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Half documents in a data folder's store, read directly (read-only, beside the running daemon): a document whose
 * stored chunks, vectors or BM25 rows do not match its chunk count, chunks without a document, BM25 rows without
 * a chunk. Answers one line per problem.
 */
export function halfDocuments(dataDir: string): string[] {
	const db = new Database(path.join(dataDir, 'md-vector.sqlite'), {readonly: true, fileMustExist: true});
	try {
		const problems: string[] = [];
		const documents = db.prepare(`SELECT c.name AS collection, d.file_name AS file, d.chunk_count AS expected,
			(SELECT count(*) FROM chunks k WHERE k.document_id = d.id) AS stored,
			(SELECT count(*) FROM chunks k WHERE k.document_id = d.id AND k.vector IS NULL) AS withoutVector,
			(SELECT count(*) FROM chunks k JOIN chunks_fts_docsize f ON f.id = k.id WHERE k.document_id = d.id) AS keyword
			FROM documents d JOIN collections c ON c.id = d.collection_id`).all() as Array<{collection: string; file: string; expected: number; stored: number; withoutVector: number; keyword: number}>;
		for (const document of documents) {
			if (document.stored !== document.expected || document.withoutVector > 0 || document.keyword !== document.expected) {
				problems.push(`${document.collection}/${document.file}: ${document.expected} chunks expected, ${document.stored} stored, ${document.withoutVector} without a vector, ${document.keyword} with BM25 rows`);
			}
		}

		const orphans = db.prepare('SELECT count(*) AS count FROM chunks k WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = k.document_id)').get() as {count: number};
		if (orphans.count > 0) {
			problems.push(`${orphans.count} chunks without a document`);
		}

		const keywordOrphans = db.prepare('SELECT count(*) AS count FROM chunks_fts_docsize f WHERE NOT EXISTS (SELECT 1 FROM chunks k WHERE k.id = f.id)').get() as {count: number};
		if (keywordOrphans.count > 0) {
			problems.push(`${keywordOrphans.count} BM25 rows without a chunk`);
		}

		return problems;
	} finally {
		db.close();
	}
}
