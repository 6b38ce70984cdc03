import {performance} from 'node:perf_hooks';
import path from 'node:path';
import {execa} from 'execa';
import {percentile} from './machine.js';

const cli = path.resolve('dist', 'source', 'cli.js');

/**
 * `md-vector search --json` against a running daemon, whole process (Node start, imports, HTTP, output):
 * what a script pays per call. Target p50 <= 300 ms.
 */
export async function benchCliOneShot(env: NodeJS.ProcessEnv, collection: string, runs = 20): Promise<{p50: number; p95: number; nodeMs: number}> {
	const search = ['search', 'install module', '-k', '5', '--mode', 'keyword', '-C', collection, '--json'];
	await execa('node', [cli, ...search], {env});
	const times: number[] = [];
	for (let run = 0; run < runs; run++) {
		const started = performance.now();
		await execa('node', [cli, ...search], {env});
		times.push(performance.now() - started);
	}

	const started = performance.now();
	await execa('node', ['-e', '0'], {env});
	return {p50: percentile(times, 50), p95: percentile(times, 95), nodeMs: performance.now() - started};
}
