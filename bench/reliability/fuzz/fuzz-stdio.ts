import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';
import {cliPath, crashMarkers, type DaemonProcess} from '../daemon-process.js';
import {random} from '../random.js';
import type {Tally} from '../tally.js';
import {mcpMessage} from './mcp-cases.js';
import type {FuzzContext} from './types.js';

const stackTrace = /\n\s+at |\.[cm]?js:\d+:\d+|node:internal/;

/**
 * `md-vector mcp` (the stdio bridge) against the fuzzed daemon: `count` messages, valid and not, one per line.
 * Its stdout must carry JSON-RPC only, every request with an id gets its answer, it survives to the end and
 * exits 0 when stdin closes.
 */
export async function fuzzStdio(daemon: DaemonProcess, context: FuzzContext, tally: Tally, options: {seed: number; count: number}): Promise<void> {
	const bridge = spawn(process.execPath, [cliPath, 'mcp'], {env: {...process.env, MD_VECTOR_URL: daemon.url.origin, MD_VECTOR_HOME: daemon.home}, stdio: ['pipe', 'pipe', 'pipe']});
	let stderr = '';
	bridge.stderr.on('data', (data: Buffer) => {
		stderr += data.toString();
	});
	const answered = new Map<number | string, unknown>();
	let lines = 0;
	const reader = createInterface({input: bridge.stdout});
	reader.on('line', line => {
		lines++;
		let parsed: any;
		try {
			parsed = JSON.parse(line);
		} catch {
			tally.check('general', 'mcp stdio: stdout carries JSON-RPC only', false, line.slice(0, 200));
			return;
		}

		tally.check('general', 'mcp stdio: stdout carries JSON-RPC only', parsed?.jsonrpc === '2.0' || Array.isArray(parsed), line.slice(0, 200));
		tally.check('no-stack', 'no stack trace or source path in an error body', !(line.includes('"error"') || line.includes('"isError":true')) || !stackTrace.test(line), line.slice(0, 300));
		for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
			if (message?.id !== undefined && message.id !== null) {
				answered.set(message.id as number, message);
			}
		}
	});
	const exited = new Promise<number | null>(resolve => {
		bridge.once('exit', code => {
			resolve(code);
		});
	});

	const initialize = {jsonrpc: '2.0', id: 0, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'fuzz', version: '1'}}};
	bridge.stdin.write(`${JSON.stringify(initialize)}\n${JSON.stringify({jsonrpc: '2.0', method: 'notifications/initialized'})}\n`);
	const expected: number[] = [0];
	const generator = random(seedOf(options.seed));
	for (let index = 0; index < options.count; index++) {
		const id = 1_000_000 + index;
		const {message, text} = mcpMessage(generator, context, `stdio ${options.seed}:${index}`, id);
		const line = (text ?? JSON.stringify(message)).replaceAll('\n', ' ');
		if (isCall(message, id)) {
			expected.push(id);
		}

		tally.requests++;
		if (!bridge.stdin.write(`${line}\n`)) {
			await new Promise(resolve => bridge.stdin.once('drain', resolve));
		}
	}

	// Every valid call is answered, in its time: wait for the answers (the bridge handles one message at a time).
	const deadline = Date.now() + 120_000;
	while (expected.some(id => !answered.has(id)) && Date.now() < deadline && bridge.exitCode === null) {
		await new Promise(resolve => {
			setTimeout(resolve, 100);
		});
	}

	for (const id of expected) {
		tally.check('general', 'mcp stdio: every tool call with an id is answered', answered.has(id), `id ${id} unanswered (${lines} lines read)`);
	}

	tally.check('crash', 'mcp stdio: the bridge survives the fuzzing', bridge.exitCode === null, `exited ${bridge.exitCode}: ${stderr.slice(-800)}`);
	bridge.stdin.end();
	const code = await exited;
	tally.check('crash', 'mcp stdio: the bridge exits 0 when stdin closes', code === 0 && !crashMarkers.test(stderr), `exit ${code}: ${stderr.slice(-800)}`);
}

const seedOf = (seed: number) => (seed * 7919) + 17;

/**
 * A single valid JSON-RPC 2.0 request with this id (params an object or absent; not a notification, not a batch):
 * the bridge must answer it. (The SDK's stdio transport drops an invalid message without an answer; counted apart.)
 */
function isCall(message: unknown, id: number): boolean {
	const value = message as {jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown} | undefined;
	const parameters = value?.params;
	return value?.jsonrpc === '2.0' && value.id === id && typeof value.method === 'string' && (parameters === undefined || (typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters)));
}
