import type {ExecutionContext} from 'ava';
import {cli, type Cli} from './cli.js';
import {testDatabase} from './postgres/test-database.js';

/** A CLI home on the backend: the built-in store, or the test's PostgreSQL (a database of its own, dropped after the test). */
export async function cliOnBackend(t: ExecutionContext, backend: 'sqlite' | 'postgres'): Promise<Cli> {
	const md = cli();
	if (backend === 'postgres') {
		const database = await testDatabase();
		// Registered before the caller's md.stop, so it runs after it (teardowns run last first).
		t.teardown(database.stop);
		const set = await md.run(['config', 'set', 'database-url', database.url]);
		if (set.exitCode !== 0) {
			throw new Error(String(set.stderr));
		}
	}

	return md;
}
