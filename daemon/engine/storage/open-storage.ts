import type {BackgroundProblems} from '../background-problems.js';
import type {Storage} from './storage.js';
import {EmbeddedStorage} from './embedded/embedded-storage.js';

export type StorageChoice = {
	/** The daemon's data folder: the embedded store lives there. */
	readonly dataDir: string;
	/** postgres://...: the collections live in that database instead, shared with every daemon pointed at it. */
	readonly databaseUrl?: string;
	readonly hnswThreshold?: number;
	readonly log?: (line: string) => void;
	/** Where the backend reports failed background work (index files, loads, unusable vectors; a lost database connection), for /health. */
	readonly problems?: BackgroundProblems;
};

/**
 * The storage a daemon serves: PostgreSQL when a database URL is set (MD_VECTOR_DATABASE_URL, the database-url
 * setting, `serve --database-url`), else SQLite + FAISS in the data folder. The PostgreSQL backend is loaded
 * only when chosen, so an embedded daemon never loads the database client.
 */
export async function openStorage(choice: StorageChoice): Promise<Storage> {
	if (!choice.databaseUrl) {
		return EmbeddedStorage.open({dataDir: choice.dataDir, hnswThreshold: choice.hnswThreshold, log: choice.log, problems: choice.problems});
	}

	const {PostgresStorage} = await import('./postgres/postgres-storage.js');
	return PostgresStorage.open({url: choice.databaseUrl, hnswThreshold: choice.hnswThreshold, log: choice.log, problems: choice.problems});
}
