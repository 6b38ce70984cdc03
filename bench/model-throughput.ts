// npm run bench:model [-- --model DIR --files 40 --rounds 2 --sessions 1,2 --stand-in]: ingestion speed of a real
// model folder beside the bare model's own speed on the same texts, in one run (issue 35: ingestion within 0.9 of
// it). Bare model speed: ONNX Runtime alone in this process on the same model file and the same chunk texts,
// tokenized beforehand, in batches of similar length with all cores (the fastest one session ran, when a vector
// depended on its batch); printed beside it, the same with one text per run. Ingestion: ingest-dir of the same
// PowerShell docs sample into a fresh daemon per sessions setting (MD_VECTOR_EMBED_SESSIONS; one text per run
// each). Rounds alternate the order. --stand-in adds the random-weight model of the same shape (make-bert-onnx.py).
import {cpSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {execa} from 'execa';
import {connect} from '../source/client/connect.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {waitForModel} from '../source/client/wait-for-model.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {walkMarkdown} from './walk-markdown.js';
import {checkLoad, machine, underLoadOption} from './machine.js';
import {chunkTexts, rawOnnxThroughput, timeIngest} from './ingest-throughput.js';
import {daemonPid, memoryOf} from './cold-start.js';

const {values: options} = parseArgs({options: {
	model: {type: 'string', default: process.env.MD_VECTOR_TEST_MODEL_DIR ?? path.resolve('.models', 'bge-small-en-v1.5')},
	shape: {type: 'string', default: 'minilm-l6'}, // a preset of tools/make-bert-onnx.py, with --stand-in
	'stand-in': {type: 'boolean', default: false},
	sessions: {type: 'string', default: '1,2'},
	files: {type: 'string', default: '40'},
	rounds: {type: 'string', default: '2'},
	...underLoadOption,
}});
const load = checkLoad(options['under-load']);
const real = path.resolve(options.model);
const maxLength = (folder: string) => (JSON.parse(readFileSync(path.join(folder, 'tokenizer_config.json'), 'utf8')) as {model_max_length: number}).model_max_length;
const standIn = options['stand-in'] ? await makeStandIn(path.resolve('.bench-models', `${options.shape}-shape`)) : undefined;

const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const all = await walkMarkdown(corpus);
const every = Math.max(1, Math.floor(all.length / Number(options.files)));
const tree = path.join(temporaryDirectory('md-vector-model-bench-'), 'docs');
for (const file of all.filter((_, index) => index % every === 0).slice(0, Number(options.files))) {
	mkdirSync(path.dirname(path.join(tree, file)), {recursive: true});
	cpSync(path.join(corpus, file), path.join(tree, file));
}

const texts = await chunkTexts(tree);
console.log(`machine: ${machine()}`);
console.log(`model: ${real} (q8, truncated at ${maxLength(real)} tokens); ${options.files} powershell-docs files, ${texts.length} distinct chunk texts; ${options.rounds} rounds, alternating`);
// Chunks per second of wall time, and per CPU second (the daemon's threads or this process's, from /proc): on a
// machine whose cores other programs share, wall time swings with their load; CPU time much less.
const cpuSeconds = (pid: number | 'self') => {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
	return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
};

type Run = {label: string; perSecond: number; perCpuSecond: number};
const runs: Run[] = [];
const record = (label: string, chunks: number, seconds: number, cpu: number, extra = '') => {
	runs.push({label, perSecond: chunks / seconds, perCpuSecond: chunks / cpu});
	console.log(`  ${label.padEnd(44)} ${(chunks / seconds).toFixed(1).padStart(6)} chunks/s; CPU ${cpu.toFixed(1)} s: ${(chunks / cpu).toFixed(1)} chunks per CPU second${extra}`);
};

const bare = async (batching: 'batched' | 'one') => {
	const before = cpuSeconds('self');
	const run = await rawOnnxThroughput(real, texts, 32, batching);
	record(batching === 'batched' ? 'bare model speed (batches of similar length)' : 'bare model, one text per run', texts.length, run.seconds, cpuSeconds('self') - before);
};

const ingest = async (folder: string, sessions: number, label: string) => {
	const home = temporaryDirectory('md-vector-model-bench-home-');
	const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: folder, MD_VECTOR_PORT: '0', MD_VECTOR_ALLOWED_ROOTS: tree, MD_VECTOR_EMBED_SESSIONS: String(sessions)};
	const client = await connect({env});
	try {
		await waitForModel(client);
		const pid = daemonPid(env);
		const before = cpuSeconds(pid);
		const run = await timeIngest(client, tree, 'docs');
		const memory = memoryOf(pid);
		// Per distinct text embedded, as the bare runs count (a repeated text is embedded once).
		record(label, texts.length, run.seconds, cpuSeconds(pid) - before, `; daemon peak ${memory.peakMb.toFixed(0)} MB`);
	} finally {
		await stopDaemon(daemonPid(env));
	}
};

const sessionCounts = options.sessions.split(',').map(Number);
const steps: Array<() => Promise<void>> = [
	async () => bare('batched'),
	async () => bare('one'),
	...sessionCounts.map(sessions => async () => ingest(real, sessions, `md-vector ingest-dir, ${sessions} session${sessions === 1 ? '' : 's'}`)),
	...(standIn ? [async () => ingest(standIn, sessionCounts.at(-1)!, `stand-in ingest-dir, ${sessionCounts.at(-1)} sessions`)] : []),
];
for (let round = 1; round <= Number(options.rounds); round++) {
	console.log(`round ${round}:`);
	for (const step of round % 2 === 1 ? steps : [...steps].reverse()) { // eslint-disable-line unicorn/no-array-reverse -- a copy; the ES2022 lib has no toReversed
		await step();
	}
}

const mean = (label: string, field: 'perSecond' | 'perCpuSecond') => {
	const values = runs.filter(run => run.label === label).map(run => run[field]);
	return values.reduce((sum, value) => sum + value, 0) / values.length;
};

const bareLabel = 'bare model speed (batches of similar length)';
console.log(`\nmeans over ${options.rounds} rounds (chunks/s wall; chunks per CPU second):`);
for (const label of new Set(runs.map(run => run.label))) {
	const ratio = mean(label, 'perSecond') / mean(bareLabel, 'perSecond');
	const cpuRatio = mean(label, 'perCpuSecond') / mean(bareLabel, 'perCpuSecond');
	const verdict = label.startsWith('md-vector') ? ` (target >= 0.9 of the bare model speed: ${ratio >= 0.9 ? 'met' : 'NOT met'})` : '';
	console.log(`  ${label.padEnd(44)} ${mean(label, 'perSecond').toFixed(1).padStart(6)}; ${mean(label, 'perCpuSecond').toFixed(1).padStart(5)}   / bare model speed: wall ${ratio.toFixed(2)}, CPU ${cpuRatio.toFixed(2)}${verdict}`);
}

/** The random-weight model of the real one's shape, with its truncation length, so both do the same compute. */
async function makeStandIn(folder: string): Promise<string> {
	if (!existsSync(path.join(folder, 'config.json'))) {
		// The Python tools' virtualenv (tools/model-from-pypi.sh) has onnx and numpy; else Debian's python3-onnx.
		const venv = path.resolve(process.env.MD_VECTOR_TOOLS_VENV ?? path.join('.cache', 'venv'), 'bin', 'python');
		const python = existsSync(venv) ? venv : '/usr/bin/python3';
		console.log(`making the stand-in model in ${folder} with ${python}`);
		await execa(python, ['tools/make-bert-onnx.py', folder, options.shape], {stdio: 'inherit'});
	}

	const tokenizerConfig = path.join(folder, 'tokenizer_config.json');
	writeFileSync(tokenizerConfig, JSON.stringify({...JSON.parse(readFileSync(tokenizerConfig, 'utf8')), model_max_length: maxLength(real)}, undefined, 1));
	return folder;
}

console.log(load.finish());
