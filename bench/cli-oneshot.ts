import {performance} from 'node:perf_hooks';
import path from 'node:path';
import {execa} from 'execa';
import {percentile} from './machine.js';

const cli = path.resolve('dist', 'source', 'cli.js');

/**
 * `md-vector search --json` against a running daemon, whole process (Node start, imports, HTTP, output):
 * what a script pays per call. Target p50 <= 300 ms.
 */
export async function benchCliOneShot(env: NodeJS.ProcessEnv, runs = 20): Promise<{p50: number; p95: number; importsMs: number}> {
	await execa('node', [cli, 'search', 'warm up', '--json'], {env});
	const times: number[] = [];
	for (let run = 0; run < runs; run++) {
		const started = performance.now();
		await execa('node', [cli, 'search', 'garden soil', '-k', '5', '--mode', 'keyword', '--json'], {env});
		times.push(performance.now() - started);
	}

	const started = performance.now();
	await execa('node', ['--input-type=module', '-e', "await import('pastel'); await import('ink');"], {env, cwd: path.resolve('.')});
	return {p50: percentile(times, 50), p95: percentile(times, 95), importsMs: performance.now() - started};
}
