import {performance} from 'node:perf_hooks';
import path from 'node:path';
import {execa} from 'execa';
import {connect} from '../source/client/connect.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import {percentile} from './machine.js';

/** This checkout's md-vector command. */
export const cliBin = path.resolve('dist', 'cli', 'md-vector.cjs');

type OneShot = {
	readonly name: string;
	readonly args: string[];
	/** The HTTP requests the command makes (its health probe and its request), timed from a warm process. */
	readonly requests: (client: DaemonClient) => Promise<unknown>;
};

/** A build of md-vector to time: this one, or another checkout's (`--before DIR`) side by side in the same rounds. */
export type Build = {readonly label: string; readonly cli: string};

export type OneShotRow = {readonly build: string; readonly name: string; readonly p50: number; readonly p95: number; readonly requestMs: number; readonly ratio: number; readonly target: number | undefined};

/** Each command's median over bare `node -e 0`'s (issue 29); the others are measured, with no target. */
const targets: Record<string, number> = {'search --json': 1.3, search: 1.3, status: 1.3, get: 1.3, collections: 1.3, '--version': 1.1};

export type OneShotData = {readonly collection: string; readonly document: string; readonly query: string};

const oneShots = ({collection, document, query}: OneShotData): OneShot[] => [
	{name: 'search', args: ['search', query, '-k', '5', '--mode', 'keyword', '-C', collection], requests: async client => client.health().then(async () => client.search({query, top_k: 5, mode: 'keyword', collection}))},
	{name: 'search --json', args: ['search', query, '-k', '5', '--mode', 'keyword', '-C', collection, '--json'], requests: async client => client.health().then(async () => client.search({query, top_k: 5, mode: 'keyword', collection}))},
	{name: 'get', args: ['get', document, '-C', collection], requests: async client => client.health().then(async () => client.getDocument(document, {collection}))},
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
 * daemon, side by side with bare `node -e 0` in the same rounds (interleaved, so each sees the same load), and the
 * command's own requests timed from a warm process.
 */
export async function benchCliOneShot(env: NodeJS.ProcessEnv, data: OneShotData, rounds = 15, builds: readonly Build[] = [{label: '', cli: cliBin}]): Promise<{nodeP50: number; rows: OneShotRow[]}> {
	const commands = oneShots(data);
	const client = await connect({env});
	const node: number[] = [];
	const key = (build: Build, command: OneShot) => `${build.label}\u0000${command.name}`;
	const times = new Map(builds.flatMap(build => commands.map(command => [key(build, command), [] as number[]])));
	const requests = new Map(commands.map(command => [command.name, [] as number[]]));
	for (const build of builds) {
		for (const command of commands) {
			await execa('node', [build.cli, ...command.args], {env}); // once, so files are in the page cache
		}
	}

	for (let round = 0; round < rounds; round++) { // interleaved: every command sees the same load
		node.push(await timed(async () => execa('node', ['-e', '0'], {env})));
		for (const command of commands) {
			for (const build of round % 2 === 0 ? builds : [...builds].reverse()) { // eslint-disable-line unicorn/no-array-reverse -- a copy; the ES2022 lib has no toReversed
				times.get(key(build, command))!.push(await timed(async () => execa('node', [build.cli, ...command.args], {env})));
			}

			requests.get(command.name)!.push(await timed(async () => command.requests(client)));
		}
	}

	const nodeP50 = percentile(node, 50);
	return {
		nodeP50,
		rows: commands.flatMap(command => builds.map(build => {
			const measured = times.get(key(build, command))!;
			const p50 = percentile(measured, 50);
			return {build: build.label, name: command.name, p50, p95: percentile(measured, 95), requestMs: percentile(requests.get(command.name)!, 50), ratio: p50 / nodeP50, target: targets[command.name]};
		})),
	};
}

/** The section's lines, as `npm run bench` and `npm run bench:cli` print them. */
export function oneShotLines(result: Awaited<ReturnType<typeof benchCliOneShot>>, rounds: number): string[] {
	return [
		`one-shot CLI, whole process, ${rounds} interleaved rounds; bare \`node -e 0\` p50 ${result.nodeP50.toFixed(0)} ms; ratio: the command's p50 / node's p50`,
		...result.rows.map(row => `   ${`${row.build ? `${row.build}: ` : ''}${row.name}`.padEnd(22)} p50 ${row.p50.toFixed(0).padStart(4)} ms  p95 ${row.p95.toFixed(0).padStart(4)} ms  requests ${row.requestMs.toFixed(1).padStart(5)} ms  ratio ${row.ratio.toFixed(2)}${row.target === undefined ? '' : ` (target <= ${row.target}: ${row.ratio <= row.target ? 'met' : 'NOT met'})`}`),
	];
}
