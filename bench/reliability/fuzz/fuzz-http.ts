import {checkAnswer} from '../answer-rules.js';
import type {DaemonProcess} from '../daemon-process.js';
import {sendRaw} from '../http.js';
import {random, type Random} from '../random.js';
import type {Tally} from '../tally.js';
import {mcpCase} from './mcp-cases.js';
import {encodingCase, headerCase, methodCase, rawCase} from './protocol-cases.js';
import {deleteCase, ingestCase, jobCase, readCase, searchCase, transferCase} from './rest-cases.js';
import type {FuzzCase, FuzzContext} from './types.js';

type Family = (random: Random, context: FuzzContext, label: string, id: number) => FuzzCase;

/** Families and their weights: every endpoint, MCP, and the protocol around them. */
const families: Array<[Family, number]> = [
	[searchCase, 16], [ingestCase, 10], [readCase, 10], [deleteCase, 6], [transferCase, 8], [jobCase, 4],
	[methodCase, 6], [encodingCase, 8], [headerCase, 5], [rawCase, 4], [mcpCase, 23],
];
const totalWeight = families.reduce((sum, [, weight]) => sum + weight, 0);

/** Case `index` of run `seed`: made from its own generator, so `--seed S --case N` replays it alone. */
export function fuzzCase(seed: number, index: number, context: FuzzContext): FuzzCase {
	const generator = random((seed * 1_000_003) + index);
	let roll = generator.next() * totalWeight;
	for (const [family, weight] of families) {
		roll -= weight;
		if (roll < 0) {
			return family(generator, context, `case ${seed}:${index}`, index);
		}
	}

	return families[0]![0](generator, context, `case ${seed}:${index}`, index);
}

/**
 * Sends `count` fuzzed requests, `concurrency` at a time, each checked by checkAnswer; every 500 the daemon must
 * still answer /health. Stops early when it died (a crash).
 */
export async function fuzzHttp(daemon: DaemonProcess, context: FuzzContext, tally: Tally, options: {seed: number; count: number; concurrency?: number; only?: number}): Promise<void> {
	const indexes = options.only === undefined ? Array.from({length: options.count}, (_, index) => index) : [options.only];
	let next = 0;
	const worker = async () => {
		while (next < indexes.length && daemon.running) {
			const index = indexes[next++]!;
			const fuzz = fuzzCase(options.seed, index, context);
			const answer = fuzz.raw === undefined ? await daemon.request({...fuzz.request!, timeoutMs: 60_000}) : await sendRaw(daemon.url, fuzz.raw);
			checkAnswer(tally, answer, fuzz);
			if (index % 500 === 499) {
				const health = await daemon.api('GET', '/health');
				tally.check('crash', 'the daemon answers /health while fuzzed', health.status === 200, `after case ${index}: ${health.status}`);
			}
		}
	};

	await Promise.all(Array.from({length: options.concurrency ?? 8}, async () => worker()));
	if (!daemon.running || daemon.crashed()) {
		tally.crashes++;
		tally.check('crash', 'the daemon survives the fuzzing', false, daemon.log().slice(-1500));
	}
}
