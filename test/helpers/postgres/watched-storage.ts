// A PostgreSQL storage whose log and background problems a test reads: a failed index build is a problem.
import {BackgroundProblems} from '../../../daemon/engine/background-problems.js';
import {PostgresStorage} from '../../../daemon/engine/storage/postgres/postgres-storage.js';

export async function watchedStorage(t: {teardown: (fn: () => Promise<void>) => void}, url: string, hnswThreshold: number, settleDelayMs?: number): Promise<{storage: PostgresStorage; problems: BackgroundProblems; lines: string[]}> {
	const lines: string[] = [];
	const log = (line: string) => {
		lines.push(line);
	};

	const problems = new BackgroundProblems(log);
	const storage = await PostgresStorage.open({url, hnswThreshold, log, problems, settleDelayMs});
	t.teardown(async () => storage.close());
	return {storage, problems, lines};
}
