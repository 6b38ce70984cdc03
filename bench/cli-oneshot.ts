import {performance} from 'node:perf_hooks';
import path from 'node:path';
import {execa} from 'execa';
import {connect} from '../source/client/connect.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import {percentile} from './machine.js';

const cli = path.resolve('dist', 'cli', 'md-vector.cjs');

type OneShot = {
	readonly name: string;
	readonly args: string[];
	/** The HTTP requests the command makes (its health probe and its request), timed from a warm process. */
	readonly requests: (client: DaemonClient) => Promise<unknown>;
};

export type OneShotRow = {readonly name: string; readonly p50: number; readonly p95: number; readonly requestMs: number; readonly ratio: number};

const oneShots = (collection: string): OneShot[] => [
	{name: 'search', args: ['search', 'install module', '-k', '5', '--mode', 'keyword', '-C', collection], requests: async client => client.health().then(async () => client.search({query: 'install module', top_k: 5, mode: 'keyword', collection}))},
	{name: 'search --json', args: ['search', 'install module', '-k', '5', '--mode', 'keyword', '-C', collection, '--json'], requests: async client => client.health().then(async () => client.search({query: 'install module', top_k: 5, mode: 'keyword', collection}))},
	{name: 'documents', args: ['documents', '-C', collection], requests: async client => client.health().then(async () => client.documents(collection))},
	{name: 'collections', args: ['collections'], requests: async client => client.health().then(async () => client.collections())},
	{name: 'stats', args: ['stats', '-C', collection], requests: async client => client.health().then(async () => client.stats(collection))},
	{name: 'status', args: ['status'], requests: async client => client.health()},
	{name: '--help', args: ['--help'], requests: async () => undefined},
	{name: '--version', args: ['--version'], requests: async () => undefined},
];

async function timed(work: () => Promise<unknown>): Promise<number> {
	const started = performance.now();
	await work();
	return performance.now() - started;
}

/**
 * Every one-shot command as a whole process (Node start, imports, HTTP, output to a pipe) against a running
 * daemon, side by side with bare `node -e 0` in the same rounds, and the command's own requests timed from a
 * warm process. Target: each within 1.5x of node plus its requests.
 */
export async function benchCliOneShot(env: NodeJS.ProcessEnv, collection: string, rounds = 15): Promise<{nodeP50: number; rows: OneShotRow[]}> {
	const commands = oneShots(collection);
	const client = await connect({env});
	const node: number[] = [];
	const times = new Map(commands.map(command => [command.name, [] as number[]]));
	const requests = new Map(commands.map(command => [command.name, [] as number[]]));
	for (const command of commands) {
		await execa('node', [cli, ...command.args], {env}); // once, so files are in the page cache
	}

	for (let round = 0; round < rounds; round++) { // interleaved: every command sees the same load
		node.push(await timed(async () => execa('node', ['-e', '0'], {env})));
		for (const command of commands) {
			times.get(command.name)!.push(await timed(async () => execa('node', [cli, ...command.args], {env})));
			requests.get(command.name)!.push(await timed(async () => command.requests(client)));
		}
	}

	const nodeP50 = percentile(node, 50);
	return {
		nodeP50,
		rows: commands.map(command => {
			const p50 = percentile(times.get(command.name)!, 50);
			const requestMs = percentile(requests.get(command.name)!, 50);
			return {name: command.name, p50, p95: percentile(times.get(command.name)!, 95), requestMs, ratio: p50 / (nodeP50 + requestMs)};
		}),
	};
}

/** The section's lines, as `npm run bench` and `npm run bench:cli` print them. */
export function oneShotLines(result: Awaited<ReturnType<typeof benchCliOneShot>>, rounds: number): string[] {
	return [
		`one-shot CLI, whole process, ${rounds} interleaved rounds; bare \`node -e 0\` p50 ${result.nodeP50.toFixed(0)} ms; target: each p50 <= 1.5 x (node + its requests)`,
		...result.rows.map(row => `   ${row.name.padEnd(14)} p50 ${row.p50.toFixed(0).padStart(4)} ms  p95 ${row.p95.toFixed(0).padStart(4)} ms  requests ${row.requestMs.toFixed(1).padStart(5)} ms  ratio ${row.ratio.toFixed(2)} (${row.ratio <= 1.5 ? 'met' : 'NOT met'})`),
	];
}
